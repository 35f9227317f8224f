import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, contentEndpoints, uploadQuery, type ContentKind } from '../../../lib/contract/contents';
import { MULTIPART_OVERHEAD_BYTES, uploadContent, type IncomingFile } from '../../domain/contents/upload-content';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { hubOf, spaceAccessOf, type App } from '../../types';
import { route } from '../endpoint-route';
import { bodyStream, declaredLength, requiredLength, settleUnreadBody } from '../raw-body';
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

/** The most an acceptable upload's body may carry: the file at its kind's limit, plus `overheadBytes`. */
function largestBody(request: FastifyRequest, overheadBytes: number): number | undefined {
  const kind = uploadQuery.safeParse(request.query).data?.kind;
  return kind ? MAX_UPLOAD_BYTES[kind] + overheadBytes : undefined;
}

/** POST spaces/{id}/contents/?kind= (multipart upload) and POST spaces/{id}/contents/upload/?kind=&name= (the bare file). */
export async function registerUploadRoutes(app: App) {
  const { db, storage } = app.deps;
  // Both routes run the one upload operation; they differ only in how the file's bytes arrive.
  const uploadInto = (
    request: FastifyRequest,
    kind: ContentKind,
    body: Pick<Parameters<typeof uploadContent>[0], 'declaredBytes' | 'bodyOverheadBytes' | 'receiveFile'>,
  ) => uploadContent({
    db,
    storage,
    processing: app.deps.processing,
    viewer: viewerOf(request),
    organization: hubOf(request).organization,
    access: spaceAccessOf(request),
    kind,
    presenter: presenterOf(app, request),
    ...body,
  });

  // Multipart is parsed for this route only, and never more than one file with a few small fields.
  await app.register(async (scope: App) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 },
    });
    // Every answer of this route, refusals by the sign-in and hub checks included.
    scope.addHook('onSend', async (request, reply) => settleUnreadBody(request, reply, largestBody(request, MULTIPART_OVERHEAD_BYTES)));

    route(scope, contentEndpoints.upload, async (request, reply) => {
      const created = await uploadInto(request, request.query.kind, {
        declaredBytes: declaredLength(request),
        bodyOverheadBytes: MULTIPART_OVERHEAD_BYTES,
        receiveFile: (limit) => receiveFile(request, limit),
      });
      return reply.status(201).send(ok(created, 'File uploaded.'));
    });
  });

  // The bare file: whatever its type, the body is left unparsed and read as the file's bytes.
  await app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.addHook('onSend', async (request, reply) => settleUnreadBody(request, reply, largestBody(request, 0)));

    route(scope, contentEndpoints.rawUpload, async (request, reply) => {
      // Without its size the upload could not be refused before it is read, nor checked against the quota up front.
      const declaredBytes = requiredLength(request);
      const created = await uploadInto(request, request.query.kind, {
        declaredBytes,
        bodyOverheadBytes: 0,
        receiveFile: async () => ({ fileName: request.query.name, stream: bodyStream(request.raw) }),
      });
      return reply.status(201).send(ok(created, 'File uploaded.'));
    });
  });
}
