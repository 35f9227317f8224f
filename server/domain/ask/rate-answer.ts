import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { askQuestions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import { isUuid } from '../spaces/is-uuid';

/** Rates an answer the asker was given (helpful or not; a new rating replaces the last). Anyone else's question is 404. */
export async function rateAnswer(opts: { db: Database; viewer: SpaceViewer; questionId: string; helpful: boolean }): Promise<void> {
  const { db, viewer } = opts;
  const missing = () => notFound('That question');
  if (!isUuid(opts.questionId)) throw missing();
  const rated = await db
    .update(askQuestions)
    .set({ feedback: opts.helpful ? 1 : -1 })
    .where(and(eq(askQuestions.id, opts.questionId), eq(askQuestions.hubId, viewer.hubId), eq(askQuestions.userId, viewer.userId)))
    .returning({ id: askQuestions.id });
  if (rated.length === 0) throw missing();
}
