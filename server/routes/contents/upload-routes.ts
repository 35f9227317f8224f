import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, contentItemSchema, uploadQuery } from '../../../lib/contract/contents';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { spaceParams } from '../../../lib/contract/spaces';
import { MULTIPART_OVERHEAD_BYTES, uploadContent, type IncomingFile } from '../../domain/contents/upload-content';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { hubOf, type App } from '../../types';
import { errorResponses, signedIn } from '../auth/responses';
import { viewerOf } from '../spaces/viewer';
import { presenterOf } from './presenter';

const notMultipart = () =>
  new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data, in a part named "file".');

/** The request's `file` part, or null; a malformed body is the client's error (400, or 413 past the limits), never the server's. */
async function receiveFile(request: FastifyRequest, limit: number): Promise<IncomingFile | null> {
  if (!request.isMultipart()) throw notMultipart();
  const part = await request.file({ limits: { fileSize: limit } }).catch((error: unknown) => {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 413) {
      throw new AppError(413, 'payload_too_large', 'An upload carries one file and at most a few short form fields.');
    }
    throw new AppError(400, 'validation_error', 'The upload could not be read. Please try again.');
  });
  if (!part) return null;
  // A part without a file name is a form field, whatever its type says.
  if (part.fieldname !== 'file' || !part.filename) {
    part.file.destroy();
    return null;
  }
  return { fileName: part.filename, stream: part.file };
}

/**
 * After a refusal the client may still be sending the file; unread, it would
 * hold the connection until it times out and the client would never see the
 * answer. A body no bigger than an acceptable upload of its kind is read to
 * its end and dropped; a bigger or unbounded one gets its connection closed.
 */
function settleUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  const kind = uploadQuery.safeParse(request.query).data?.kind;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (kind && declared <= MAX_UPLOAD_BYTES[kind] + MULTIPART_OVERHEAD_BYTES) request.raw.resume();
  else reply.header('connection', 'close');
}

/** POST spaces/{id}/contents/?kind= (multipart upload). */
export async function registerUploadRoutes(app: App) {
  const { db, storage } = app.deps;

  // Multipart is parsed for this route only, and never more than one file with a few small fields.
  await app.register(async (scope: App) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 },
    });
    // Every answer of this route, refusals by the sign-in and hub checks included.
    scope.addHook('onSend', async (request, reply) => settleUnreadBody(request, reply));

    scope.post('/:id/contents/', {
      schema: {
        tags: ['contents'], security: signedIn,
        summary: 'Upload a file into a space (multipart, one part named "file"); it is processed in the background',
        params: spaceParams,
        querystring: uploadQuery,
        consumes: ['multipart/form-data'],
        response: { 201: dataEnvelope(contentItemSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 422) },
      },
    }, async (request, reply) => {
      const length = request.headers['content-length'];
      const created = await uploadContent({
        db,
        storage,
        processing: app.deps.processing,
        viewer: viewerOf(request),
        organization: hubOf(request).organization,
        spaceId: request.params.id,
        kind: request.query.kind,
        declaredBytes: length === undefined ? null : Number(length),
        receiveFile: (limit) => receiveFile(request, limit),
        presenter: presenterOf(app, request),
      });
      return reply.status(201).send(ok(created, 'File uploaded.'));
    });
  });
}
