import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/*
 * Routes that take a file's bytes as the request body: its size from
 * Content-Length, its bytes as a stream, and what happens to the rest of a
 * body nobody read.
 */

/** The request's Content-Length, or null when the client streams without one. */
export const declaredLength = (request: FastifyRequest): number | null => {
  const length = request.headers['content-length'];
  return length === undefined ? null : Number(length);
};

/** Content-Length, required: without it a file could not be refused before it is read. */
export function requiredLength(request: FastifyRequest): number {
  const declared = declaredLength(request);
  if (declared === null) throw new AppError(411, 'length_required', 'Send the file with its size in the Content-Length header.');
  return declared;
}

/**
 * After a refusal the client may still be sending the file; unread, it would
 * hold the connection until it times out and the client would never see the
 * answer. A body no bigger than `largestBody` (what an acceptable request may
 * carry; undefined when unknown) is read to its end and dropped; a bigger or
 * unbounded one gets its connection closed.
 */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply, largestBody: number | undefined): void {
  if (request.raw.complete) return;
  const declared = declaredLength(request) ?? Number.NaN;
  if (largestBody !== undefined && declared <= largestBody) request.raw.resume();
  else reply.header('connection', 'close');
}

/**
 * The bare body as a stream of its own: a refusal ends this stream only,
 * leaving the request to settleUnreadBody (destroying the request itself
 * would cut the connection before the answer could be sent).
 */
export function bodyStream(raw: IncomingMessage): Readable {
  const body = new PassThrough();
  raw.pipe(body);
  // pipe() passes no errors on: a client gone mid-body must still fail the upload.
  raw.once('close', () => {
    if (!raw.complete) body.destroy(new Error('the request ended before its body did'));
  });
  return body;
}
