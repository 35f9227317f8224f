import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Database } from '../../db/connect';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import type { UserRow } from '../../types';
import { photoMessages } from '../../../lib/contract/account';
import { detectFileType } from '../contents/detect-file-type';
import { swapPhotoKey } from './swap-photo-key';

/** The side of the stored square, in pixels. */
export const PHOTO_SIZE = 256;
/** Decoding needs about 4 bytes a pixel: a small file claiming huge dimensions is refused before it is decoded. */
const MAX_PHOTO_PIXELS = 50_000_000;
/** The formats a photo may be, by their bytes (whatever the file is called), checked as content uploads are. */
const PHOTO_FORMATS = ['jpg', 'png', 'webp'] as const;

async function isPhotoFormat(data: Buffer): Promise<boolean> {
  for (const extension of PHOTO_FORMATS) {
    if (await detectFileType({ extension, head: data, complete: true })) return true;
  }
  return false;
}

/** A centred square of the image, PHOTO_SIZE on a side, turned upright as the camera meant, as WebP. */
async function squareOf(data: Buffer): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: PHOTO_SIZE, height: PHOTO_SIZE, fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(400, 'validation_error', photoMessages.unreadable, { file: [photoMessages.unreadable] });
  }
}

/**
 * Sets the person's photo from an uploaded image: only JPEG, PNG or WebP by
 * content; only a small square made from it is kept (never the upload, so
 * nothing hidden in the original is served back). The previous photo is
 * removed once the new one is in place.
 */
export async function setPhoto(opts: { db: Database; storage: Storage; user: UserRow; data: Buffer }): Promise<UserRow> {
  const { db, storage, user } = opts;
  if (!(await isPhotoFormat(opts.data))) {
    throw new AppError(415, 'unsupported_file_type', photoMessages.wrongType, { file: [photoMessages.wrongType] });
  }
  const square = await squareOf(opts.data);
  const key = `photo-${user.id.replace(/-/g, '')}-${randomBytes(16).toString('hex')}`;
  await storage.write(key, Readable.from([square]));
  try {
    return await swapPhotoKey({ db, storage, userId: user.id, key });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}
