import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../lib/contract/contents';
import type { Space } from '../../../lib/contract/spaces';
import { memberships, hubs } from '../../db/schema';
import { signedFilePath, type FileSignatureClaims } from '../../domain/files/file-signature';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertContent, storeObject, type ItemBody } from '../contents/content-test-kit';
import { enableTotp } from '../two-factor/two-factor-test-kit';
import { addHubMember, as, createSpace, hubWithPeople, type HubWithPeople, type Person } from '../spaces/space-test-kit';

let server: TestServer;
let world: HubWithPeople;
let space: Space;
beforeAll(async () => {
  server = await startTestServer();
  world = await hubWithPeople(server);
  space = await createSpace(server, world.owner, world.hub, { visibility: 'public' });
});
afterAll(async () => { await server.close(); });

const TEXT = '0123456789';
const CSP = "sandbox; default-src 'none'";

async function item(values: Parameters<typeof insertContent>[2]) {
  return insertContent(server, { hub: world.hub, space, by: world.owner }, values);
}

/** The item as `person` is shown it, with addresses signed for their session. */
async function shown(person: Person, id: string, spaceId = space.id): Promise<ContentItem> {
  const res = await server.get<ItemBody>(`spaces/${spaceId}/contents/${id}/`, as(person, world.hub));
  if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
  return res.body.data;
}

/** Another address for the same session and expiry as `url`, signed the way the server signs them. */
function resign(url: string, change: Partial<FileSignatureClaims>, opts: { download?: boolean } = {}): string {
  const query = new URL(url, server.url).searchParams;
  const [, , , , contentId, variant] = new URL(url, server.url).pathname.split('/');
  const claims = {
    contentId: contentId!, variant: variant as FileSignatureClaims['variant'],
    sessionId: query.get('session')!, expires: Number(query.get('expires')), ...change,
  };
  return signedFilePath(server.config.jwtSecret, claims, opts);
}

const fetchFile = (url: string, init: RequestInit = {}) => fetch(`${server.url}${url}`, init);

async function expectRefused(url: string, status: number, code: string) {
  const res = await fetchFile(url);
  expect({ status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ status, code });
}

describe('GET files/{content_id}/original/', () => {
  let url: string;
  beforeAll(async () => {
    const text = await item({ name: 'digits.txt', file: TEXT });
    url = (await shown(world.viewer, text.id)).urls.download!;
  });

  it('serves the whole file with headers that keep the browser from running or guessing anything', async () => {
    const res = await fetchFile(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TEXT);
    expect(Object.fromEntries(['content-type', 'content-length', 'accept-ranges', 'content-disposition', 'content-security-policy', 'x-content-type-options']
      .map((name) => [name, res.headers.get(name)]))).toEqual({
      'content-type': 'text/plain',
      'content-length': '10',
      'accept-ranges': 'bytes',
      'content-disposition': 'attachment; filename="digits.txt"; filename*=UTF-8\'\'digits.txt',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
    });
    // The app-wide security headers are still there.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    const expires = Number(new URL(url, server.url).searchParams.get('expires'));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000) + 1);
  });

  it.each([
    ['bytes=2-5', '2345', 'bytes 2-5/10'],
    ['bytes=7-', '789', 'bytes 7-9/10'],
    ['bytes=-3', '789', 'bytes 7-9/10'],
    ['bytes=5-100', '56789', 'bytes 5-9/10'],
    ['bytes=0-0', '0', 'bytes 0-0/10'],
  ])('answers Range %s with 206 and that part only', async (range, body, contentRange) => {
    const res = await fetchFile(url, { headers: { Range: range } });
    expect({ status: res.status, body: await res.text(), contentRange: res.headers.get('content-range'), length: res.headers.get('content-length') })
      .toEqual({ status: 206, body, contentRange, length: String(body.length) });
    expect(res.headers.get('content-security-policy')).toBe(CSP);
  });

  it.each(['bytes=10-', 'bytes=6-2', 'bytes=-0'])('answers 416 with the size to the unsatisfiable Range %s', async (range) => {
    const res = await fetchFile(url, { headers: { Range: range } });
    expect({ status: res.status, contentRange: res.headers.get('content-range'), body: await res.text() })
      .toEqual({ status: 416, contentRange: 'bytes */10', body: '' });
  });

  it.each(['bytes=0-1,4-5', 'lines=1-2', 'bytes=abc'])('serves the whole file for a Range it does not serve (%s)', async (range) => {
    const res = await fetchFile(url, { headers: { Range: range } });
    expect({ status: res.status, body: await res.text() }).toEqual({ status: 200, body: TEXT });
  });

  it('serves an empty file as nothing, and no range of it', async () => {
    const empty = await item({ name: 'empty.txt', file: '' });
    const emptyUrl = (await shown(world.viewer, empty.id)).urls.download!;
    const res = await fetchFile(emptyUrl);
    expect({ status: res.status, length: res.headers.get('content-length'), body: await res.text() }).toEqual({ status: 200, length: '0', body: '' });
    expect((await fetchFile(emptyUrl, { headers: { Range: 'bytes=0-' } })).status).toBe(416);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await fetchFile(url, { method: 'HEAD' });
    expect({ status: res.status, length: res.headers.get('content-length'), type: res.headers.get('content-type'), body: await res.text() })
      .toEqual({ status: 200, length: '10', type: 'text/plain', body: '' });
  });
});

describe('what is shown inline and what is downloaded', () => {
  it.each([
    ['an SVG', 'drawing.svg', 'image', 'svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an HTML page', 'page.html', 'document', 'html', 'text/html', '<script>alert(document.cookie)</script>'],
  ] as const)('always downloads %s, sandboxed and never sniffed', async (_what, name, kind, extension, mimeType, file) => {
    const original = await item({ name, kind, extension, mimeType, file });
    const { urls } = await shown(world.viewer, original.id);
    expect(urls.view).toBeNull();
    for (const url of [urls.download!, resign(urls.download!, {})]) {
      const res = await fetchFile(url);
      expect(res.status).toBe(200);
      expect({
        type: res.headers.get('content-type'),
        disposition: res.headers.get('content-disposition'),
        csp: res.headers.get('content-security-policy'),
        nosniff: res.headers.get('x-content-type-options'),
      }).toEqual({ type: mimeType, disposition: `attachment; filename="${name}"; filename*=UTF-8''${name}`, csp: CSP, nosniff: 'nosniff' });
    }
  });

  it('shows a safe type inline unless download=1 is asked for', async () => {
    const pdf = await item({ name: 'plan.pdf', kind: 'document', extension: 'pdf', mimeType: 'application/pdf', file: '%PDF-1.4 test' });
    const { urls } = await shown(world.viewer, pdf.id);
    const inline = await fetchFile(urls.view!);
    expect(inline.headers.get('content-disposition')).toBe('inline; filename="plan.pdf"; filename*=UTF-8\'\'plan.pdf');
    expect(inline.headers.get('content-security-policy')).toBe(CSP);
    expect((await fetchFile(urls.download!)).headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  // The browser's PDF viewer titles its tab with this name (filename*), sandbox and all: no script runs, yet the tab is named.
  it('shows a PDF inline under its own name, quotes and accents included, still sandboxed and never sniffed', async () => {
    const pdf = await item({ name: 'Café "plan" ½.pdf', kind: 'document', extension: 'pdf', mimeType: 'application/pdf', file: '%PDF-1.4 test' });
    const res = await fetchFile((await shown(world.viewer, pdf.id)).urls.view!);
    expect({
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      csp: res.headers.get('content-security-policy'),
      nosniff: res.headers.get('x-content-type-options'),
    }).toEqual({
      type: 'application/pdf',
      disposition: 'inline; filename="Cafe _plan_ 1_2.pdf"; filename*=UTF-8\'\'Caf%C3%A9%20%22plan%22%20%C2%BD.pdf',
      csp: CSP,
      nosniff: 'nosniff',
    });
  });

  it('names the download safely in ASCII and exactly in UTF-8, with the extension of what it is', async () => {
    const odd = await item({ name: 'Résumé "final"; v2\\3', kind: 'document', extension: 'txt', file: 'x' });
    const res = await fetchFile((await shown(world.viewer, odd.id)).urls.download!);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Resume _final__ v2_3.txt"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20%22final%22%3B%20v2%5C3.txt',
    );
  });

  it('serves an image\'s rendered thumbnail and preview as webp, and 404 when there is none', async () => {
    const photo = await item({ name: 'photo.png', kind: 'image', extension: 'png', mimeType: 'image/png', file: 'png bytes', details: { has_thumbnail: true } });
    await storeObject(server, `${photo.id}.thumb.webp`, 'thumb');
    await storeObject(server, `${photo.id}.preview.webp`, 'preview');
    const { urls } = await shown(world.viewer, photo.id);
    for (const [url, body] of [[urls.thumbnail!, 'thumb'], [urls.view!, 'preview']] as const) {
      const res = await fetchFile(url);
      expect({ status: res.status, type: res.headers.get('content-type'), body: await res.text() }).toEqual({ status: 200, type: 'image/webp', body });
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="photo-(thumbnail|preview)\.webp"/);
    }
    const bare = await item({ name: 'bare.png', kind: 'image', extension: 'png', mimeType: 'image/png', file: 'png' });
    const download = (await shown(world.viewer, bare.id)).urls.download!;
    await expectRefused(resign(download, { variant: 'thumbnail' }), 404, 'not_found');
  });
});

describe('who a signed address still works for', () => {
  let textId: string;
  beforeAll(async () => { textId = (await item({ name: 'guarded.txt', file: TEXT })).id; });

  it('refuses an address whose signature, item, variant, session or expiry was changed (401 invalid_token)', async () => {
    const url = (await shown(world.viewer, textId)).urls.download!;
    const ownerUrl = (await shown(world.owner, textId)).urls.download!;
    const other = await item({ name: 'other.txt', file: 'other' });
    const query = new URL(url, server.url).searchParams;
    const ownerSession = new URL(ownerUrl, server.url).searchParams.get('session')!;
    const tampered = [
      url.replace(/signature=([\w-])/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
      url.replace(`expires=${query.get('expires')}`, `expires=${Number(query.get('expires')) + 3600}`),
      url.replace(`session=${query.get('session')}`, `session=${ownerSession}`),
      url.replace(textId, other.id),
      url.replace('/original/', '/preview/'),
      url.replace(/&signature=[^&]+/, '&signature='),
    ];
    for (const bad of tampered) await expectRefused(bad, 401, 'invalid_token');
    await expectRefused(url.replace(/&signature=[^&]+/, ''), 400, 'validation_error');
    expect((await fetchFile(url)).status).toBe(200);
  });

  it('refuses an expired address, even one signed with the right key', async () => {
    const url = (await shown(world.viewer, textId)).urls.download!;
    const expired = resign(url, { expires: Math.floor(Date.now() / 1000) - 5 });
    const res = await fetchFile(expired);
    expect({ status: res.status, body: await res.json() })
      .toEqual({ status: 401, body: { code: 'invalid_token', message: 'This link has expired. Reload the page to get a new one.' } });
  });

  it('stops working when its session signs out (401 session_revoked)', async () => {
    const person = await addHubMember(server, world.hub, 'viewer');
    const url = (await shown(person, textId)).urls.download!;
    expect((await fetchFile(url)).status).toBe(200);
    expect((await server.post('auth/logout/', {}, { token: person.token })).status).toBe(200);
    await expectRefused(url, 401, 'session_revoked');
  });

  it('stops working (404) once its person leaves the hub, or the hub is archived', async () => {
    const person = await addHubMember(server, world.hub, 'editor');
    const url = (await shown(person, textId)).urls.download!;
    expect((await fetchFile(url)).status).toBe(200);
    await server.db.delete(memberships).where(and(eq(memberships.hubId, world.hub.id), eq(memberships.userId, person.user.id)));
    await expectRefused(url, 404, 'not_found');

    const other = await hubWithPeople(server);
    const otherSpace = await createSpace(server, other.owner, other.hub);
    const kept = await insertContent(server, { hub: other.hub, space: otherSpace, by: other.owner }, { file: 'kept' });
    const ownerUrl = (await server.get<ItemBody>(`spaces/${otherSpace.id}/contents/${kept.id}/`, as(other.owner, other.hub))).body.data.urls.download!;
    expect((await fetchFile(ownerUrl)).status).toBe(200);
    await server.db.update(hubs).set({ archivedAt: new Date() }).where(eq(hubs.id, other.hub.id));
    await expectRefused(ownerUrl, 404, 'not_found');
  });

  it('stops working (404) for someone who may no longer read the space, and keeps working for who still may', async () => {
    const secretSpace = await createSpace(server, world.editor, world.hub, { visibility: 'public' });
    const secret = await insertContent(server, { hub: world.hub, space: secretSpace, by: world.editor }, { file: 'secret' });
    const viewerUrl = (await shown(world.viewer, secret.id, secretSpace.id)).urls.download!;
    const ownerUrl = (await shown(world.owner, secret.id, secretSpace.id)).urls.download!;
    expect((await fetchFile(viewerUrl)).status).toBe(200);
    expect((await server.patch(`spaces/${secretSpace.id}/`, { visibility: 'private' }, as(world.editor, world.hub))).status).toBe(200);
    await expectRefused(viewerUrl, 404, 'not_found');
    // The hub owner sees every private space.
    expect((await fetchFile(ownerUrl)).status).toBe(200);
  });

  it('stops working (403 two_factor_required, as every hub endpoint answers) for a member without two-factor once the hub requires it, and keeps working for the owner who has it', async () => {
    // A hub of its own, so the requirement does not reach the other tests' hub.
    const strict = await hubWithPeople(server);
    const strictSpace = await createSpace(server, strict.owner, strict.hub, { visibility: 'public' });
    const kept = await insertContent(server, { hub: strict.hub, space: strictSpace, by: strict.owner }, { file: TEXT });
    const urlFor = async (person: Person) =>
      (await server.get<ItemBody>(`spaces/${strictSpace.id}/contents/${kept.id}/`, as(person, strict.hub))).body.data.urls.download!;
    const viewerUrl = await urlFor(strict.viewer);
    await enableTotp(server, strict.owner.token);
    const ownerUrl = await urlFor(strict.owner);
    expect((await fetchFile(viewerUrl)).status).toBe(200);

    const required = await server.request('PUT', `organizations/${strict.hub.domain_handle}/two-factor/`, { ...as(strict.owner, strict.hub), body: { required: true } });
    expect(required.status).toBe(200);
    const hubAnswer = await server.get('spaces/', as(strict.viewer, strict.hub));
    const fileAnswer = await fetchFile(viewerUrl);
    expect({ status: fileAnswer.status, body: await fileAnswer.json() }).toEqual({ status: hubAnswer.status, body: hubAnswer.body });
    expect(hubAnswer).toMatchObject({ status: 403, body: { code: 'two_factor_required' } });
    const owners = await fetchFile(ownerUrl);
    expect({ status: owners.status, body: await owners.text() }).toEqual({ status: 200, body: TEXT });
  });

  it('answers 404 once the item is deleted', async () => {
    const doomed = await item({ name: 'doomed.txt', file: 'bye' });
    const url = (await shown(world.owner, doomed.id)).urls.download!;
    expect((await server.request('DELETE', `spaces/${space.id}/contents/${doomed.id}/`, as(world.owner, world.hub))).status).toBe(200);
    await expectRefused(url, 404, 'not_found');
  });
});
