import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountSettingsEndpoints, PHOTO_MAX_BYTES, photoMessages } from '../../../lib/contract/account';
import { errorMessages } from '../../../lib/contract/error-messages';
import { fileResponseHeaders } from '../../domain/files/file-response-headers';
import { getUserView } from '../../domain/users/get-user-view';
import { openPhoto } from '../../domain/users/open-photo';
import { setPhoto } from '../../domain/users/set-photo';
import { swapPhotoKey } from '../../domain/users/swap-photo-key';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { route } from '../endpoint-route';

/** Room for the multipart framing and a few headers around the photo itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** A photo's address changes with every upload, so a browser may keep it this long. */
const PHOTO_CACHE_SECONDS = 24 * 60 * 60;

const tooBig = () => new AppError(413, 'file_too_large', photoMessages.tooBig, { file: [photoMessages.tooBig] });

/** The `file` part's bytes, at most PHOTO_MAX_BYTES; a malformed body is the client's error. */
async function receivePhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data, in a part named "file".');
  }
  const fail = (error: unknown): never => {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 413) throw tooBig();
    throw new AppError(400, 'validation_error', 'The upload could not be read. Please try again.');
  };
  const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES } }).catch(fail);
  if (!part || part.fieldname !== 'file' || !part.filename) {
    part?.file.destroy();
    throw new AppError(400, 'validation_error', errorMessages.chooseFile, { file: [errorMessages.chooseFile] });
  }
  return part.toBuffer().catch(fail);
}

/** A refused upload may still be arriving: a small one is read and dropped so the answer gets through, a big one closes the connection. */
function settleUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared <= PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) request.raw.resume();
  else reply.header('connection', 'close');
}

/** auth/photo/ (set, remove) and auth/photos/{key}/ (the image itself). */
export async function photoRoutes(app: App) {
  const { db, storage, authCache } = app.deps;

  await app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 20 } });
    scope.addHook('onSend', async (request, reply) => settleUnreadBody(request, reply));
    route(scope, accountSettingsEndpoints.uploadPhoto, async (request) => {
      const { user } = authOf(request);
      const updated = await setPhoto({ db, storage, user, data: await receivePhoto(request) });
      await authCache.userChanged(user.id);
      return ok(await getUserView({ db, user: updated }), 'Photo saved.');
    });
  });

  route(app, accountSettingsEndpoints.removePhoto, async (request) => {
    const { user } = authOf(request);
    const updated = await swapPhotoKey({ db, storage, userId: user.id, key: null });
    await authCache.userChanged(user.id);
    return ok(await getUserView({ db, user: updated }), 'Photo removed.');
  });

  route(app, accountSettingsEndpoints.photo, async (request, reply) => {
    const { key } = request.params;
    const photo = await openPhoto({ db, storage, key });
    const expires = Math.floor(Date.now() / 1000) + PHOTO_CACHE_SECONDS;
    reply.headers(fileResponseHeaders({ key, size: photo.size, mimeType: 'image/webp', fileName: 'photo.webp', expires }, { download: false }));
    // Sent whole: the headers above offer ranges, which a 256-pixel square never needs.
    reply.header('Accept-Ranges', 'none');
    return reply.header('Content-Length', String(photo.size)).send(photo.body);
  });
}
