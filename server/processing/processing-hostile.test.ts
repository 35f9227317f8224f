import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import {
  COUNT_BOMB, LYING_BOMB, RATIO_BOMB, SIZE_BOMB, docxFile, epubFile, pdfFile, pixelBombPng, pngFile, pptxFile, xlsxFile,
} from '../test/content-fixtures';
import { failureReasons } from './processing-failure';
import {
  placeForContent, processFile, processed, queueFile, serverAnswers, startProcessingServer, storedObject, type Place,
} from './processing-test-kit';

/*
 * Files made to hurt: each must end 'failed' with a reason a person can act
 * on, and the server must go on answering.
 */

describe('hostile files', { timeout: 180_000 }, () => {
  let server: TestServer;
  let place: Place;
  beforeAll(async () => { ({ server, place } = await startProcessingServer()); });
  afterAll(async () => { await server.close(); });

  it('refuses zip-based files that would expand too far, before any parser opens them', async () => {
    const [docx, xlsx, pptx, epub] = await Promise.all([
      processFile(server, place, 'document', 'bomb.docx', docxFile(['Looks harmless'], RATIO_BOMB)),
      processFile(server, place, 'table', 'bomb.xlsx', xlsxFile([['a'], ['b']], SIZE_BOMB)),
      processFile(server, place, 'document', 'bomb.pptx', pptxFile(['Slide'], COUNT_BOMB)),
      processFile(server, place, 'document', 'bomb.epub', epubFile([{ title: 'One', text: 'Text' }], RATIO_BOMB)),
    ]);
    expect(docx).toMatchObject({ status: 'failed', failureReason: 'This file expands to more than 100 times its size and was not opened.', body: null });
    expect(xlsx).toMatchObject({ status: 'failed', failureReason: 'This file expands to more than 200 MB and was not opened.' });
    expect(pptx).toMatchObject({ status: 'failed', failureReason: 'This file expands to more than 10,000 parts and was not opened.' });
    expect(epub).toMatchObject({ status: 'failed', failureReason: 'This file expands to more than 100 times its size and was not opened.' });
    expect(await serverAnswers(server, place)).toBe(true);
  });

  it('inflates every part before parsing, so a part larger than its header claims is caught', async () => {
    const item = await processFile(server, place, 'document', 'liar.docx', docxFile(['Looks harmless'], LYING_BOMB));
    expect(item).toMatchObject({ status: 'failed', failureReason: 'This Word document could not be read: it may be damaged or password-protected.' });
  });

  it('says a damaged or protected PDF or Word file could not be read', async () => {
    const [truncated, garbage, notZip] = await Promise.all([
      processFile(server, place, 'document', 'cut.pdf', pdfFile(['Some text']).subarray(0, 100)),
      processFile(server, place, 'general', 'fake.pdf', Buffer.from('%PDF-1.7\nthis is not really a pdf')),
      processFile(server, place, 'document', 'locked.docx', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3])),
    ]);
    for (const pdf of [truncated, garbage]) {
      expect(pdf).toMatchObject({ status: 'failed', failureReason: 'This PDF could not be read: it may be damaged or password-protected.' });
    }
    expect(notZip).toMatchObject({ status: 'failed', failureReason: 'This Word document could not be read: it may be damaged or password-protected.' });
  });

  it('renders an SVG without letting it read files stored beside it', async () => {
    const id = randomUUID();
    // A red image in the same storage folder as the SVG, which points at it by a relative path.
    await server.storage.write(`${id}.att-0`, Readable.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer()));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">'
      + `<rect width="8" height="8" fill="#0000ff"/><image width="8" height="8" xlink:href="${id}.att-0"/></svg>`;
    const item = await processed(server, await queueFile(server, place, 'image', 'peek.svg', Buffer.from(svg), id));
    expect(item.status).toBe('ready');
    const thumbnail = await storedObject(server, `${id}.thumb.webp`);
    const { data } = await sharp(thumbnail!).raw().toBuffer({ resolveWithObject: true });
    // Blue (the SVG's own rectangle), not red (the neighbouring file); webp is lossy, hence the ranges.
    const [red, , blue] = data;
    expect(red).toBeLessThan(30);
    expect(blue).toBeGreaterThan(225);
  });

  it('refuses a damaged image and one whose pixels would not fit in memory', async () => {
    const png = await pngFile(400, 300);
    const [truncated, bomb, generalBomb] = await Promise.all([
      processFile(server, place, 'image', 'cut.png', png.subarray(0, png.length / 2)),
      processFile(server, place, 'image', 'huge.png', pixelBombPng()),
      processFile(server, place, 'general', 'huge.png', pixelBombPng(20_000, 20_000)),
    ]);
    expect(truncated).toMatchObject({ status: 'failed', failureReason: 'This image could not be read: it may be damaged or incomplete.' });
    for (const item of [bomb, generalBomb]) {
      expect(item).toMatchObject({ status: 'failed', failureReason: 'This image is too large to process (more than 50 megapixels).' });
      expect(await storedObject(server, `${item.storageKey}.thumb.webp`)).toBeNull();
    }
    expect(await serverAnswers(server, place)).toBe(true);
  });
});

describe('limits on one job', { timeout: 180_000 }, () => {
  it('stops a job that runs past the time limit', async () => {
    const server = await startTestServer({ processingTimeoutMs: 50 }, { processing: true });
    try {
      const place = await placeForContent(server);
      const item = await processFile(server, place, 'document', 'slow.docx', docxFile(['Anything takes longer than 50 ms here']));
      expect(item).toMatchObject({ status: 'failed', failureReason: failureReasons.timeout, processingStartedAt: null });
      expect(failureReasons.timeout).toBe('This file took too long to process.');
      expect(await serverAnswers(server, place)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('stops a job that runs out of memory', async () => {
    const server = await startTestServer({ processingMemoryMb: 64 }, { processing: true });
    try {
      const place = await placeForContent(server);
      // 2.4 million cells: far more JavaScript objects than 64 MB holds.
      const line = (r: number) => Array.from({ length: 40 }, (_, c) => (r * 31 + c * 7) % 1000).join(',');
      const csv = Buffer.from(Array.from({ length: 60_000 }, (_, r) => line(r)).join('\n'));
      const item = await processFile(server, place, 'table', 'wide.csv', csv);
      expect(item).toMatchObject({ status: 'failed', failureReason: 'This file needs more memory to process than the server allows.' });
      expect(await serverAnswers(server, place)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
