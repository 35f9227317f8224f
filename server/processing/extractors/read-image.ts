import { readFile } from 'node:fs/promises';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { ProcessingFailure, readingFailure } from '../processing-failure';
import type { ExtractedContent } from '../processing-result';

/** Images are refused above this many pixels: decoding one needs about 4 bytes a pixel. */
const MAX_IMAGE_PIXELS = 50_000_000;
const THUMBNAIL_SIZE = 320;
const PREVIEW_SIZE = 1600;

/** Formats the renderer (libvips) reads; the others (bmp, ico, psd, ai) only get their dimensions. */
const RENDERABLE = new Set(['jpg', 'jpeg', 'png', 'gif', 'svg', 'tiff', 'webp']);
/** Formats browsers show themselves. */
const BROWSER_IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

const UNREADABLE = 'This image could not be read: it may be damaged or incomplete.';
const TOO_LARGE = `This image is too large to process (more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`;

function assertPixels(width: number, height: number) {
  if (width * height > MAX_IMAGE_PIXELS) throw new ProcessingFailure(TOO_LARGE);
}

/** A webp no larger than `size` × `size`, turned upright as the camera meant. */
function render(data: Buffer, size: number): Promise<Buffer> {
  return sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * An image's dimensions and, where the renderer reads the format, a
 * thumbnail and a preview. The pixel count is checked from the header before
 * anything is decoded, so a small file claiming huge dimensions is refused.
 * The bytes are read into memory (never a path) so an SVG cannot reach files
 * beside it.
 */
export async function readImage(filePath: string, extension: string): Promise<ExtractedContent> {
  const data = await readFile(filePath);
  const playable = BROWSER_IMAGES.has(extension);
  if (!RENDERABLE.has(extension)) {
    const size = (() => {
      try {
        return imageSize(data);
      } catch {
        return null; // Adobe Illustrator files have no dimensions image-size can read.
      }
    })();
    if (size) assertPixels(size.width, size.height);
    return { details: { width: size?.width, height: size?.height, has_thumbnail: false, playable }, body: null, rows: null, files: [] };
  }

  const meta = await sharp(data, { limitInputPixels: false }).metadata().catch(() => {
    throw new ProcessingFailure(UNREADABLE);
  });
  if (!meta.width || !meta.height) throw new ProcessingFailure(UNREADABLE);
  assertPixels(meta.width, meta.height);
  const [thumbnail, preview] = await readingFailure(UNREADABLE, () =>
    Promise.all([render(data, THUMBNAIL_SIZE), render(data, PREVIEW_SIZE)]),
  );
  // EXIF-rotated photos are shown turned, so their width and height swap.
  return {
    details: { width: meta.autoOrient.width, height: meta.autoOrient.height, has_thumbnail: true, playable },
    body: null,
    rows: null,
    files: [
      { suffix: 'thumb.webp', data: thumbnail },
      { suffix: 'preview.webp', data: preview },
    ],
  };
}
