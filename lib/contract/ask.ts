import { z } from 'zod';
import { contentKinds } from './contents';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import { passageRefSchema } from './passages';

const tag = 'ask';

export const ASK_QUESTION_MAX = 500;
/** Said (as an unanswered answer's one sentence) when the hub's content the asker may read does not support an answer. */
export const NOT_FOUND_ANSWER = 'I could not find this in your spaces.';

/**
 * POST ask/ — asks the hub a question. Answers as a stream of newline-
 * delimited JSON events (application/x-ndjson), one askEvent a line:
 * `start`, then `sources`, then each `sentence` as it is written, then
 * `done`; or `error` at any point after `start`. A follow-up names the
 * conversation it continues.
 */
export const askBody = z.object({
  question: z.string().trim().min(1, 'Please enter a question').max(ASK_QUESTION_MAX, `A question can be at most ${ASK_QUESTION_MAX} characters`),
  /** The first question's id, to continue its conversation. */
  conversation_id: z.uuid().optional(),
  /** Ask one space only (the Ask box of a space). */
  space_id: z.string().optional(),
});
export type AskBody = z.input<typeof askBody>;

/** A numbered source an answer cites: a passage of an item the asker may read. */
export const askSourceSchema = z.object({
  /** The number its citations show, from 1. */
  n: z.number().int().min(1),
  content: z.object({ id: z.string(), name: z.string(), kind: z.enum(contentKinds) }),
  space: z.object({ id: z.string(), name: z.string() }),
  passage: passageRefSchema,
  /** The passage's text (cut to a few hundred characters), to show under the answer. */
  excerpt: z.string(),
});
export type AskSource = z.infer<typeof askSourceSchema>;

export const askEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), question_id: z.string(), conversation_id: z.string() }),
  z.object({ type: z.literal('sources'), sources: z.array(askSourceSchema) }),
  /** One sentence of the answer and the sources (by `n`) it cites; none only for NOT_FOUND_ANSWER. */
  z.object({ type: z.literal('sentence'), text: z.string(), citations: z.array(z.number().int().min(1)) }),
  /** `answered` is false when the answer is NOT_FOUND_ANSWER. */
  z.object({ type: z.literal('done'), answered: z.boolean() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type AskEvent = z.infer<typeof askEventSchema>;

export const questionParams = z.object({ id: z.string() });
export const feedbackBody = z.object({ helpful: z.boolean() });

/** A question the hub could not answer, for its owners: content to write. */
export const unansweredQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  asked_at: z.string(),
  /** The space it was asked in, if any (null for the whole hub, or a space since deleted). */
  space: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type UnansweredQuestion = z.infer<typeof unansweredQuestionSchema>;

export const askEndpoints = {
  feedback: endpoint({
    method: 'POST', path: 'ask/:id/feedback/', tag, signedIn: true, hub: 'header',
    summary: 'Rate an answer I was given: helpful or not',
    params: questionParams, body: feedbackBody, response: dataEnvelope(z.null()), errors: [400, 401, 404],
  }),
  unanswered: endpoint({
    method: 'GET', path: 'ask/unanswered/', tag, signedIn: true, hub: 'header', requires: { hub: 'view_unanswered' },
    summary: "Questions the hub could not answer, newest first (hub owners)",
    query: pageQuery, response: listEnvelope(unansweredQuestionSchema), errors: [400, 401, 403, 404],
  }),
};

/** The streaming endpoint's method and path (registered by hand: its answer is a stream, not one JSON body). */
export const ASK_STREAM = { method: 'POST', path: 'ask/' } as const;
