import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileStorage } from '../../storage/reconcile-storage';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from '../auth/token-cases';

interface UserBody { data: { photo_url: string | null }; message?: string }

let server: TestServer;
let person: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUp(server);
});
afterAll(async () => { await server.close(); });

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 400, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 121, g: 108, b: 255 } } }).toFormat(format).toBuffer();

function upload(token: string, data: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return server.request<UserBody>('POST', 'auth/photo/', { token, form });
}

/** The photo as a browser loads it: by its address alone, no token. */
const load = (url: string) => fetch(`${server.url}${url}`);

describe('POST auth/photo/', () => {
  it('keeps a centred 256×256 WebP square of the image and shows it in the user view', async () => {
    const res = await upload(person.token, await picture('png'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Photo saved.');
    const url = res.body.data.photo_url!;
    expect(url).toMatch(/^\/api\/v1\/auth\/photos\/photo-[0-9a-f]{32}-[0-9a-f]{32}\/$/);
    expect((await server.get<UserBody>('auth/me/', { token: person.token })).body.data.photo_url).toBe(url);

    const served = await load(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 256, height: 256 });
  });

  it('takes JPEG and WebP by their content, whatever the file is called', async () => {
    const someone = await signUp(server);
    for (const format of ['jpeg', 'webp'] as const) {
      const res = await upload(someone.token, await picture(format, 300, 900), 'photo.bin', 'application/octet-stream');
      expect({ format, status: res.status }).toEqual({ format, status: 200 });
    }
  });

  it('refuses what is not a JPEG, PNG or WebP image with 415 and a clear message, whatever its name says', async () => {
    const cases: Array<[string, Buffer]> = [
      ['text named .png', Buffer.from('just some words, not a picture')],
      ['a GIF', await picture('gif')],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['an executable named .jpg', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
    ];
    for (const [what, data] of cases) {
      const res = await upload(person.token, data, 'me.png');
      expect({ what, status: res.status, body: res.body }).toEqual({
        what, status: 415,
        body: { message: 'Please choose a JPEG, PNG or WebP image.', code: 'unsupported_file_type', errors: { file: ['Please choose a JPEG, PNG or WebP image.'] } },
      });
    }
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([await picture('png'), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await upload(person.token, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'file_too_large', message: 'That image is too big. Please choose one up to 5 MB.' });
  });

  it('refuses a damaged image with 400 and keeps the photo it had', async () => {
    const before = (await server.get<UserBody>('auth/me/', { token: person.token })).body.data.photo_url;
    const png = await picture('png');
    const damaged = Buffer.concat([png.subarray(0, 64), Buffer.alloc(256, 7)]);
    const res = await upload(person.token, damaged);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', message: 'This image could not be read: it may be damaged. Please choose another one.' });
    expect((await server.get<UserBody>('auth/me/', { token: person.token })).body.data.photo_url).toBe(before);
  });

  it('answers 400 when no file is sent', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    const res = await server.request('POST', 'auth/photo/', { token: person.token, form });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { file: ['Please choose a file to upload.'] } });
  });

  it("sets only the caller's own photo: another person's stays as it was", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const mine = (await upload(owner.token, await picture('png'))).body.data.photo_url!;
    const theirs = (await upload(other.token, await picture('jpeg'), 'x.jpg', 'image/jpeg')).body.data.photo_url!;
    expect(theirs).not.toBe(mine);
    expect((await server.get<UserBody>('auth/me/', { token: owner.token })).body.data.photo_url).toBe(mine);
    expect((await load(mine)).status).toBe(200);
  });

  it('stops serving a replaced photo, and removes it from storage', async () => {
    const someone = await signUp(server);
    const first = (await upload(someone.token, await picture('png'))).body.data.photo_url!;
    const second = (await upload(someone.token, await picture('webp'))).body.data.photo_url!;
    expect(second).not.toBe(first);
    expect((await load(first)).status).toBe(404);
    expect(await server.storage.stat(first.split('/').at(-2)!)).toBeNull();
    expect((await load(second)).status).toBe(200);
  });

  it("survives the storage check after a restart, which removes only objects nobody owns", async () => {
    const someone = await signUp(server);
    const url = (await upload(someone.token, await picture('png'))).body.data.photo_url!;
    const quiet = { info: () => undefined, warn: () => undefined };
    await reconcileStorage({ db: server.db, storage: server.storage, logger: quiet });
    expect((await load(url)).status).toBe(200);
  });

  itRejectsBadTokens({
    server: () => server,
    person: () => person,
    call: async (s, auth) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }), 'me.png');
      return s.request('POST', 'auth/photo/', { ...auth, form });
    },
  });
});

describe('DELETE auth/photo/', () => {
  it('removes the photo: the user view has none and its address answers 404', async () => {
    const someone = await signUp(server);
    const url = (await upload(someone.token, await picture('png'))).body.data.photo_url!;
    const res = await server.request<UserBody>('DELETE', 'auth/photo/', { token: someone.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { photo_url: null }, message: 'Photo removed.' });
    expect((await load(url)).status).toBe(404);
  });

  itRejectsBadTokens({ server: () => server, person: () => person, call: (s, auth) => s.request('DELETE', 'auth/photo/', auth) });
});

describe('GET auth/photos/{key}/', () => {
  it('answers 404 alike for a made-up key, a malformed one and a path trick', async () => {
    const made = `/api/v1/auth/photos/photo-${'a'.repeat(32)}-${'b'.repeat(32)}/`;
    for (const url of [made, '/api/v1/auth/photos/not-a-photo/', '/api/v1/auth/photos/..%2F..%2Fetc%2Fpasswd/']) {
      const res = await load(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(await res.json()).toEqual({ message: 'That photo was not found.', code: 'not_found' });
    }
  });

  it("answers 404 for a key naming a person with another person's random part", async () => {
    const someone = await signUp(server);
    const url = (await upload(someone.token, await picture('png'))).body.data.photo_url!;
    const forged = url.replace(/photo-[0-9a-f]{32}-/, `photo-${person.user.id.replace(/-/g, '')}-`);
    expect((await load(forged)).status).toBe(404);
  });
});
