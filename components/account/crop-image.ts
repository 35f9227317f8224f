/** A rectangle in an image's own pixels, as the cropper reports the chosen part. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The longest side a cropped photo is sent at: twice the stored square, so it stays sharp, yet small to send. */
export const CROPPED_MAX_SIDE = 512;
/** WebP quality of the cropped photo; the server encodes its own square from it. */
const WEBP_QUALITY = 0.92;
const CANNOT_PREPARE = 'This browser could not prepare the photo.';

/** How to draw the chosen part: `source` (inside the image) is copied onto a canvas of `width` × `height`, filling it. */
export interface CropDrawing {
  source: PixelArea;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The canvas and drawImage arguments for `area` of an image `image.width` ×
 * `image.height`: the area rounded to whole pixels and kept inside the image
 * (the cropper's rounding can overshoot an edge by a pixel), then scaled down,
 * never up, so its longer side is at most `maxSide`.
 */
export function planCrop(area: PixelArea, image: { width: number; height: number }, maxSide = CROPPED_MAX_SIDE): CropDrawing {
  if (image.width < 1 || image.height < 1) throw new Error('The image has no size.');
  const x = clamp(Math.round(area.x), 0, image.width - 1);
  const y = clamp(Math.round(area.y), 0, image.height - 1);
  const width = clamp(Math.round(area.width), 1, image.width - x);
  const height = clamp(Math.round(area.height), 1, image.height - y);
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    source: { x, y, width, height },
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * `area` of a loaded image, drawn as planCrop says and encoded as WebP; a
 * browser that cannot encode WebP gives PNG instead (toBlob's own fallback).
 */
export function cropImage(image: HTMLImageElement, area: PixelArea): Promise<Blob> {
  const { source, width, height } = planCrop(area, { width: image.naturalWidth, height: image.naturalHeight });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(CANNOT_PREPARE));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(CANNOT_PREPARE))), 'image/webp', WEBP_QUALITY);
  });
}

/** The name the cropped photo is sent under, by the type the browser encoded. */
export const croppedFileName = (blob: Blob) => (blob.type === 'image/webp' ? 'photo.webp' : 'photo.png');
