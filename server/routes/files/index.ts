import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachmentParams, fileVariants, signedFileQuery } from '../../../lib/contract/contents';
import type { FileSignatureClaims } from '../../domain/files/file-signature';
import { fileResponseHeaders } from '../../domain/files/file-response-headers';
import { openSignedFile } from '../../domain/files/open-signed-file';
import { parseByteRange } from '../../domain/files/parse-byte-range';
import { notFound } from '../../lib/errors';
import type { App } from '../../types';
import { errorResponses } from '../auth/responses';

const tags = ['files'];
const responses = errorResponses(400, 401, 403, 404);

/** files/{content_id}/{variant}/: signed file addresses (the signature is the credential). */
export default async function fileRoutes(app: App) {
  const { db, storage, config } = app.deps;

  /** Answers a signed address with the file, whole or the one byte range asked for; HEAD gets the headers alone. */
  async function sendFile(
    request: FastifyRequest,
    reply: FastifyReply,
    query: z.infer<typeof signedFileQuery>,
    claims: Omit<FileSignatureClaims, 'sessionId' | 'expires'>,
  ) {
    const file = await openSignedFile({
      db, storage, secret: config.jwtSecret, signature: query.signature,
      claims: { ...claims, sessionId: query.session, expires: query.expires },
    });
    const range = parseByteRange(request.headers.range, file.size);
    const slice = range.kind === 'part' ? range.range : undefined;
    // Opened before any header is set, so a file removed since it was found still answers a clean 404.
    const wantsBody = request.method !== 'HEAD' && range.kind !== 'unsatisfiable' && file.size > 0;
    const body = wantsBody ? await storage.read(file.key, slice) : undefined;
    if (body === null) throw notFound('That file');
    reply.headers(fileResponseHeaders(file, { download: query.download === '1' }));
    if (range.kind === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
    }
    if (slice) reply.status(206).header('Content-Range', `bytes ${slice.start}-${slice.end}/${file.size}`);
    return reply.header('Content-Length', String(slice ? slice.end - slice.start + 1 : file.size)).send(body);
  }

  // HEAD is declared, not left to Fastify's automatic one, which would read the whole file to throw it away.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/:content_id/:variant/',
    schema: {
      tags, summary: "A content item's file (original, thumbnail or rendered preview) by its signed address",
      params: z.object({ content_id: z.string(), variant: z.enum(fileVariants) }),
      querystring: signedFileQuery,
      response: responses,
    },
    handler: async (request, reply) =>
      sendFile(request, reply, request.query, { contentId: request.params.content_id, variant: request.params.variant }),
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/:content_id/attachments/:index/',
    schema: {
      tags, summary: "An email's attachment by its signed address",
      params: attachmentParams.omit({ id: true }),
      querystring: signedFileQuery,
      response: responses,
    },
    handler: async (request, reply) =>
      sendFile(request, reply, request.query, { contentId: request.params.content_id, variant: `attachment-${request.params.index}` }),
  });
}
