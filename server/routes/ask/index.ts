import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ASK_STREAM, askBody, askEndpoints, type AskEvent } from '../../../lib/contract/ask';
import { askQuestion } from '../../domain/ask/ask-question';
import { listUnansweredQuestions } from '../../domain/ask/list-unanswered-questions';
import { rateAnswer } from '../../domain/ask/rate-answer';
import { ok, paged } from '../../lib/envelope';
import { tooManyRequests } from '../../lib/errors';
import { authOf, type App } from '../../types';
import { errorResponses } from '../auth/responses';
import { route } from '../endpoint-route';
import { hubScope } from '../organizations/members-scope';
import { viewerOf } from '../spaces/viewer';

/** One event a line (application/x-ndjson); a failure once streaming has begun becomes an `error` event. */
async function* ndjson(events: AsyncGenerator<AskEvent>): AsyncGenerator<string> {
  try {
    for await (const event of events) yield `${JSON.stringify(event)}\n`;
  } catch {
    yield `${JSON.stringify({ type: 'error', message: 'Something went wrong on our side. Please try again.' } satisfies AskEvent)}\n`;
  }
}

/** ask/: questions answered from the spaces the caller may read, their ratings, and what the hub could not answer. Signed in, inside a hub. */
export default async function askRoutes(app: App) {
  app.addHook('onRequest', app.authenticate);
  const { db, config } = app.deps;

  // A stream of events, not one JSON answer: registered by hand, outside the contract's endpoint table.
  app.route({
    method: ASK_STREAM.method,
    url: '/',
    prefixTrailingSlash: 'slash',
    onRequest: hubScope(app, 'header'),
    config: {
      rateLimit: {
        max: config.askRateLimitPerMinute,
        timeWindow: 60_000,
        // Per person, once they are known (after signing in and the hub).
        hook: 'preHandler',
        keyGenerator: (request) => `ask:${authOf(request).user.id}`,
        errorResponseBuilder: (_request, context) =>
          tooManyRequests(`Too many questions. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`, context.ttl),
      },
    },
    schema: {
      tags: ['ask'],
      security: [{ jwt: [] }],
      summary: 'Ask the hub a question: the answer streams as newline-delimited JSON events (application/x-ndjson)',
      body: askBody,
      response: errorResponses(400, 401, 404, 429),
    },
    handler: async (request, typedReply) => {
      // The typed reply knows the JSON answers only; the events go out as a stream.
      const reply: FastifyReply = typedReply;
      const { question, conversation_id, space_id } = request.body;
      const events = await askQuestion({
        db, viewer: viewerOf(request), question, conversationId: conversation_id, spaceId: space_id, llm: config.llm,
      });
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(Readable.from(ndjson(events)));
    },
  });

  route(app, askEndpoints.feedback, async (request) => {
    await rateAnswer({ db, viewer: viewerOf(request), questionId: request.params.id, helpful: request.body.helpful });
    return ok(null, 'Thanks for the feedback.');
  });

  route(app, askEndpoints.unanswered, async (request) => {
    const { items, count } = await listUnansweredQuestions({ db, viewer: viewerOf(request), page: request.query });
    return paged(items, count, request.query);
  });
}
