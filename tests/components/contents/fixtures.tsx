import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import type { ComponentProps } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';
import type { ContentDetails, ContentKind, ContentSource, ContentStatus } from '@/lib/contract/contents';
import { spacesApi } from '@/client/http/spaces-api';
import { ContentArea } from '@/components/contents/ContentArea';
import { mockDb } from '@/mocks/node';
import type { MockCell, MockContent, MockSpace, MockUser } from '@/mocks/state';
import { demoHub, renderStill } from '@/tests/components/spaces/fixtures';
import { resetBeforeEachFile } from '@/tests/shared-modules';

/**
 * jsdom's FormData and File do not survive the trip through msw's request
 * interceptor (the part arrives as "undefined"); Node's own classes do. The
 * component code is unchanged: it calls `new FormData()` and gets Node's.
 */
export function stubNodeMultipart(): void {
  beforeAll(async () => {
    const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
    vi.stubGlobal('FormData', NodeFormData);
    vi.stubGlobal('Blob', NodeBlob);
    vi.stubGlobal('File', NodeFile);
  });
  afterAll(() => vi.unstubAllGlobals());
}

/** A file as a browser's picker gives it (Node's File, see stubNodeMultipart). */
export const fileOf = (content: string | Uint8Array, name: string, type = '') =>
  new NodeFile([content], name, { type }) as unknown as File;

/** The first bytes of a real PNG of `width` × `height` (what the mock reads). */
export function pngBytes(width = 4, height = 3): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

const CLOCK_START = Date.parse('2026-02-01T09:00:00Z');
let clock = CLOCK_START;
resetBeforeEachFile(() => {
  clock = CLOCK_START;
});

/** A content item in `space`, ready unless told; newer seeds sort first under "newest". */
export function seedContent(
  space: MockSpace,
  opts: {
    name: string;
    kind?: ContentKind;
    source?: ContentSource;
    status?: ContentStatus;
    failureReason?: string;
    sizeBytes?: number;
    details?: ContentDetails;
    body?: string;
    rows?: MockCell[][];
    email?: MockContent['email'];
    mimeType?: string;
    createdBy?: MockUser;
  },
): MockContent {
  clock += 60_000;
  const at = new Date(clock).toISOString();
  const status = opts.status ?? 'ready';
  const extension = opts.source === 'upload' || !opts.source ? (opts.name.split('.').pop() ?? null) : null;
  const content: MockContent = {
    id: mockDb.newId(),
    hubId: demoHub().hub.id,
    spaceId: space.id,
    kind: opts.kind ?? 'document',
    source: opts.source ?? 'upload',
    name: opts.name,
    extension,
    mimeType: opts.mimeType ?? (opts.source === 'upload' || !opts.source ? 'text/plain' : null),
    sizeBytes: opts.sizeBytes ?? 2048,
    status,
    failureReason: status === 'failed' ? (opts.failureReason ?? 'We could not read this file.') : null,
    details: opts.details ?? {},
    body: opts.body ?? '',
    rows: opts.rows ?? [],
    email: opts.email ?? null,
    // Statuses seeded as queued or processing stay there until a test moves them on.
    processingAt: status === 'queued' ? Number.MAX_SAFE_INTEGER : 0,
    finishAt: Number.MAX_SAFE_INTEGER,
    outcome: status === 'failed' ? { status: 'failed', reason: opts.failureReason ?? 'We could not read this file.' } : { status: 'ready' },
    createdBy: (opts.createdBy ?? demoHub().owner).id,
    createdAt: at,
    updatedAt: at,
  };
  mockDb.data.contents.push(content);
  return content;
}

/** Ends the simulated processing of `content` now, as ready (or failed with `reason`). */
export function finishProcessing(content: MockContent, reason?: string): void {
  content.processingAt = 0;
  content.finishAt = 0;
  content.outcome = reason ? { status: 'failed', reason } : { status: 'ready' };
}

/** The space as the signed-in user sees it (their role), then the content area of it. */
export async function renderContentArea(space: MockSpace, props: Omit<ComponentProps<typeof ContentArea>, 'space'> = {}) {
  const { data } = await spacesApi.get(space.id);
  return renderStill(<ContentArea space={data} {...props} />);
}

/** The open dialog (modal, drawer) showing `title`: under test antd's ids do not resolve, so its name cannot be asked. */
export function findDialog(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryAllByText(title).length > 0);
    if (!dialog) throw new Error(`No open dialog shows "${String(title)}"`);
    return dialog;
  });
}
