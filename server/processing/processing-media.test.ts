import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/harness';
import { bmpFile, emlFile, jpegFile, mp3File, mp4File, pngFile, svgFile, wavFile } from '../test/content-fixtures';
import { processFile, startProcessingServer, storedObject, storedText, type Place } from './processing-test-kit';

let server: TestServer;
let place: Place;
beforeAll(async () => { ({ server, place } = await startProcessingServer()); });
afterAll(async () => { await server.close(); });

/** Format and size of a stored rendering. */
async function rendering(key: string) {
  const data = await storedObject(server, key);
  if (!data) return null;
  const { format, width, height } = await sharp(data).metadata();
  return { format, width, height };
}

describe('image uploads', { timeout: 120_000 }, () => {
  it('stores a thumbnail (≤ 320 px) and a preview (≤ 1600 px) of a photo, with its size', async () => {
    const item = await processFile(server, place, 'image', 'Photo.png', await pngFile(2000, 1000));
    expect(item).toMatchObject({ status: 'ready', failureReason: null });
    expect(item.details).toEqual({ width: 2000, height: 1000, has_thumbnail: true, playable: true });
    expect(await rendering(`${item.storageKey}.thumb.webp`)).toEqual({ format: 'webp', width: 320, height: 160 });
    expect(await rendering(`${item.storageKey}.preview.webp`)).toEqual({ format: 'webp', width: 1600, height: 800 });
  });

  it('never enlarges a small image; reads JPEG and SVG too', async () => {
    const [jpeg, svg] = await Promise.all([
      processFile(server, place, 'image', 'small.jpg', await jpegFile(200, 100)),
      processFile(server, place, 'image', 'logo.svg', svgFile(640, 480)),
    ]);
    expect(jpeg.details).toEqual({ width: 200, height: 100, has_thumbnail: true, playable: true });
    expect(await rendering(`${jpeg.storageKey}.thumb.webp`)).toEqual({ format: 'webp', width: 200, height: 100 });
    expect(await rendering(`${jpeg.storageKey}.preview.webp`)).toEqual({ format: 'webp', width: 200, height: 100 });
    // An SVG is only ever shown as its rendering: browsers do not get to run its script.
    expect(svg.details).toEqual({ width: 640, height: 480, has_thumbnail: true, playable: false });
    expect(await rendering(`${svg.storageKey}.thumb.webp`)).toEqual({ format: 'webp', width: 320, height: 240 });
  });

  it('gives formats the renderer cannot read their size and no thumbnail', async () => {
    const item = await processFile(server, place, 'image', 'scan.bmp', bmpFile(30, 20));
    expect(item).toMatchObject({ status: 'ready', details: { width: 30, height: 20, has_thumbnail: false, playable: false } });
    expect(await storedObject(server, `${item.storageKey}.thumb.webp`)).toBeNull();
  });

  it('makes thumbnails of photos uploaded as general files', async () => {
    const item = await processFile(server, place, 'general', 'snap.jpeg', await jpegFile(640, 640));
    expect(item.details).toEqual({ width: 640, height: 640, has_thumbnail: true, playable: true });
    expect(await rendering(`${item.storageKey}.thumb.webp`)).toEqual({ format: 'webp', width: 320, height: 320 });
  });
});

describe('media uploads', { timeout: 120_000 }, () => {
  it('reads the duration, container and codec of audio and video, and whether browsers play it', async () => {
    const [wav, mp3, mp4] = await Promise.all([
      processFile(server, place, 'media', 'tone.wav', wavFile(2)),
      processFile(server, place, 'media', 'song.mp3', mp3File(3)),
      processFile(server, place, 'media', 'clip.mp4', mp4File(7.5)),
    ]);
    expect(wav).toMatchObject({ status: 'ready', details: { duration_seconds: 2, container: 'WAVE', codec: 'PCM', playable: true } });
    expect(mp3.status).toBe('ready');
    expect(mp3.details).toMatchObject({ container: 'MPEG', codec: 'MPEG 1 Layer 3', playable: true });
    expect(mp3.details.duration_seconds).toBeCloseTo(3, 1);
    expect(mp4).toMatchObject({ status: 'ready', details: { duration_seconds: 7.5, codec: 'MPEG-4/AAC', playable: true } });
    expect(mp4.details.container).toMatch(/isom/);
  });

  it('keeps formats browsers do not play as downloads', async () => {
    const item = await processFile(server, place, 'media', 'old.avi', Buffer.from('RIFF\x10\x00\x00\x00AVI LIST', 'latin1'));
    expect(item).toMatchObject({ status: 'ready', details: { container: 'AVI', playable: false } });
  });
});

describe('email uploads', { timeout: 120_000 }, () => {
  it('reads the headers, the text, a sanitised HTML copy and the attachments', async () => {
    const item = await processFile(server, place, 'email', 'offsite.eml', emlFile({
      subject: 'Team offsite',
      text: 'Bring walking shoes.',
      attachment: { name: 'schedule.txt', content: 'Day 1: hike' },
    }));
    // The attachment's text follows the message's, for search.
    expect(item).toMatchObject({ status: 'ready', failureReason: null, body: 'Bring walking shoes.\n\nDay 1: hike' });
    expect(item.details).toEqual({
      characters: 'Bring walking shoes.'.length,
      email: {
        subject: 'Team offsite',
        from: '"Asha Rao" <asha@example.com>',
        to: '"Ben Ng" <ben@example.com>, team@example.com',
        cc: '"Chen Li" <chen@example.com>',
        date: '2025-01-01T10:00:00.000Z',
        attachments: [{ index: 0, name: 'schedule.txt', size_bytes: 11, mime_type: 'text/plain' }],
      },
    });
    expect(await storedText(server, `${item.storageKey}.att-0`)).toBe('Day 1: hike');

    const html = await storedText(server, `${item.storageKey}.body.html`);
    expect(html).toContain('Bring walking shoes.');
    expect(html).toContain('<a href="https://example.com/more" target="_blank" rel="noopener noreferrer">More</a>');
    expect(html).not.toMatch(/<script|alert|onclick|steal|tracker\.example|<img/i);
  });

  it('keeps embedded images and drops remote ones, styles that load anything, and dangerous links', async () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgo=';
    const message = [
      'From: a@example.com', 'To: b@example.com', 'Subject: Styled', 'MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8', '',
      `<div style="color: red; background: url(https://tracker.example/a.png)">Hi</div><img src="${pixel}" alt="inline">`
        + '<img src="//tracker.example/b.gif"><a href="javascript:alert(1)">x</a><form action="https://x.example"><input></form>'
        + '<style>body{background:url(https://tracker.example/c.png)}</style><iframe src="https://x.example"></iframe>',
    ].join('\r\n');
    const item = await processFile(server, place, 'email', 'styled.eml', Buffer.from(message));
    expect(item.status).toBe('ready');
    expect(item.body).toContain('Hi');
    const html = await storedText(server, `${item.storageKey}.body.html`);
    expect(html).toContain('<div style="color:red">Hi</div>');
    expect(html).toContain(`<img src="${pixel}" alt="inline" />`);
    expect(html).not.toMatch(/tracker|javascript|<form|<input|<style|<iframe/i);
  });
});
