import { describe, expect, it } from 'vitest';
import { CROPPED_MAX_SIDE, croppedFileName, planCrop } from '@/components/account/crop-image';

describe('planCrop', () => {
  it('copies a small area at its own size', () => {
    expect(planCrop({ x: 40, y: 30, width: 200, height: 200 }, { width: 640, height: 480 })).toEqual({
      source: { x: 40, y: 30, width: 200, height: 200 },
      width: 200,
      height: 200,
    });
  });

  it('scales a large area down so its longer side is 512 pixels, never up', () => {
    expect(CROPPED_MAX_SIDE).toBe(512);
    expect(planCrop({ x: 500, y: 250, width: 2000, height: 2000 }, { width: 4000, height: 3000 })).toEqual({
      source: { x: 500, y: 250, width: 2000, height: 2000 },
      width: 512,
      height: 512,
    });
    expect(planCrop({ x: 0, y: 0, width: 1024, height: 600 }, { width: 1024, height: 768 })).toEqual({
      source: { x: 0, y: 0, width: 1024, height: 600 },
      width: 512,
      height: 300,
    });
    expect(planCrop({ x: 0, y: 0, width: 512, height: 512 }, { width: 512, height: 512 }).width).toBe(512);
    expect(planCrop({ x: 0, y: 0, width: 513, height: 513 }, { width: 600, height: 600 }).width).toBe(512);
  });

  it('rounds to whole pixels and keeps the area inside the image', () => {
    expect(planCrop({ x: 99.6, y: -0.4, width: 600.2, height: 600.4 }, { width: 800, height: 600 })).toEqual({
      source: { x: 100, y: 0, width: 600, height: 600 },
      width: 512,
      height: 512,
    });
    // The cropper's rounding can reach a pixel past the right and bottom edges.
    expect(planCrop({ x: 201, y: 101, width: 400, height: 400 }, { width: 600, height: 500 }).source).toEqual({ x: 201, y: 101, width: 399, height: 399 });
    expect(planCrop({ x: -3, y: -3, width: 0.2, height: 0.2 }, { width: 10, height: 10 })).toEqual({
      source: { x: 0, y: 0, width: 1, height: 1 },
      width: 1,
      height: 1,
    });
  });

  it('refuses an image that has no size (not loaded)', () => {
    expect(() => planCrop({ x: 0, y: 0, width: 10, height: 10 }, { width: 0, height: 0 })).toThrow();
  });
});

describe('croppedFileName', () => {
  it('names the photo by the type the browser encoded', () => {
    expect(croppedFileName(new Blob([], { type: 'image/webp' }))).toBe('photo.webp');
    expect(croppedFileName(new Blob([], { type: 'image/png' }))).toBe('photo.png');
  });
});
