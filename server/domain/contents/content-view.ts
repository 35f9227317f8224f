import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents, users } from '../../db/schema';
import type { ContentItem, ContentView } from '../../../lib/contract/contents';
import type { SpaceAbilities } from '../../../lib/contract/spaces';
import { contentAbilities } from '../../../lib/policies/abilities';
import { fileUrlExpiry, signedFilePath } from '../files/file-signature';

export type ContentRow = typeof contents.$inferSelect;
/** A content row without its text and indexes, which can be megabytes and only some reads need. */
export type ContentSummary = Omit<ContentRow, 'body' | 'searchVector' | 'rankVector'>;

const { body: bodyColumn, searchVector: _searchVector, rankVector: _rankVector, ...summaryColumns } = getTableColumns(contents);
/** Every column of `contents` but the text and the indexes. */
export const contentSummaryColumns = summaryColumns;

/** Whatever presenting needs besides the row: who asks (their session signs the file links) and the signing key. */
export interface ContentPresenter {
  sessionId: string;
  secret: Uint8Array;
  fileUrlTtlSeconds: number;
}

/** Types a browser shows or plays itself; anything else is only ever downloaded. */
const INLINE_SAFE_MIME = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp',
  'video/mp4', 'video/webm', 'video/quicktime', 'video/ogg',
  'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/flac', 'audio/webm',
  'application/pdf',
]);

export const isInlineSafe = (mimeType: string | null) => mimeType !== null && INLINE_SAFE_MIME.has(mimeType);

/**
 * Starts a query over contents with the creator's name; callers add the hub
 * and space filters. The text comes along only when asked for (`withBody`).
 */
export function selectContentViews(db: Database, opts: { withBody?: boolean } = {}) {
  return db
    .select({
      content: summaryColumns,
      body: opts.withBody ? bodyColumn : sql<string | null>`null`,
      creatorName: users.name,
    })
    .from(contents)
    .leftJoin(users, eq(users.id, contents.createdBy))
    .$dynamic();
}

export interface ContentViewRow {
  content: ContentSummary;
  /** null unless selected `withBody`. */
  body: string | null;
  creatorName: string | null;
}

/** An item without the caller's abilities (search results). */
export function presentContentView(row: Pick<ContentViewRow, 'content' | 'creatorName'>, presenter: ContentPresenter): ContentView {
  const { content } = row;
  const expires = fileUrlExpiry(presenter.fileUrlTtlSeconds);
  const sign = (variant: 'original' | 'thumbnail' | 'preview', download = false) =>
    signedFilePath(presenter.secret, { contentId: content.id, variant, sessionId: presenter.sessionId, expires }, { download });
  const hasFile = content.storageKey !== null;
  const hasThumbnail = content.status === 'ready' && content.details.has_thumbnail === true;
  return {
    id: content.id,
    space_id: content.spaceId,
    kind: content.kind,
    source: content.source,
    name: content.name,
    extension: content.extension,
    mime_type: content.mimeType,
    size_bytes: content.sizeBytes,
    status: content.status,
    failure_reason: content.failureReason,
    details: content.details,
    urls: {
      // Images are viewed through a rendered copy, never the original (an SVG could carry script).
      view: !hasFile ? null : content.kind === 'image' ? (hasThumbnail ? sign('preview') : null) : isInlineSafe(content.mimeType) ? sign('original') : null,
      download: hasFile ? sign('original', true) : null,
      thumbnail: hasThumbnail ? sign('thumbnail') : null,
    },
    created_by: content.createdBy && row.creatorName ? { id: content.createdBy, name: row.creatorName } : null,
    created_at: content.createdAt.toISOString(),
    updated_at: content.updatedAt.toISOString(),
  };
}

/** An item with what the caller may do with it, from their abilities in its space (spaceAbilitiesOf). */
export function presentContent(
  row: Pick<ContentViewRow, 'content' | 'creatorName'>,
  presenter: ContentPresenter,
  space: SpaceAbilities,
): ContentItem {
  return { ...presentContentView(row, presenter), abilities: contentAbilities(space, row.content.source) };
}
