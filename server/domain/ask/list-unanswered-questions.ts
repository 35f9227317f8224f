import { and, count, desc, eq, not } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { askQuestions, spaces } from '../../db/schema';
import type { UnansweredQuestion } from '../../../lib/contract/ask';
import type { PageQuery } from '../../../lib/contract/envelope';
import { pageOffset } from '../../lib/envelope';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';

/** What people asked that the hub could not answer, newest first: content for its owners to write (its endpoint requires view_unanswered). */
export async function listUnansweredQuestions(opts: { db: Database; viewer: SpaceViewer; page: PageQuery }): Promise<{ items: UnansweredQuestion[]; count: number }> {
  const { db, viewer } = opts;
  const where = and(eq(askQuestions.hubId, viewer.hubId), not(askQuestions.answered));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: askQuestions.id, question: askQuestions.question, askedAt: askQuestions.createdAt, spaceId: spaces.id, spaceName: spaces.name })
      .from(askQuestions)
      // A space the owner may not see (a shared one they are not in) is not named.
      .leftJoin(spaces, and(eq(spaces.id, askQuestions.spaceId), visibleSpacesCondition(viewer)))
      .where(where)
      .orderBy(desc(askQuestions.createdAt), desc(askQuestions.id))
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    db.select({ n: count() }).from(askQuestions).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      question: row.question,
      asked_at: row.askedAt.toISOString(),
      space: row.spaceId && row.spaceName !== null ? { id: row.spaceId, name: row.spaceName } : null,
    })),
    count: total?.n ?? 0,
  };
}
