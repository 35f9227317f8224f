import { and, asc, eq, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, spaces, users } from '../../db/schema';
import { SPACES_AND_PEOPLE_MAX, type SpacesAndPeople } from '../../../lib/contract/search';
import type { Role } from '../../../lib/contract/settings';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';

/** Words of a query looked at; more only narrow what is already a short list. */
const MAX_WORDS = 5;

export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&');
const regexEscaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a word of `column` starts with `word`, case aside. The ILIKE goes
 * through the column's trigram index (migration 0015); the regular
 * expression then keeps only starts of words ("spec" in "engine-spec", not
 * in "inspect").
 */
const startsAWord = (column: SQL | Column, word: string) =>
  sql`(${column} ilike ${`%${likeEscaped(word)}%`} and ${column} ~* ${`\\m${regexEscaped(word)}`})`;

/** Every word starts a word of one of the columns. */
const everyWordIn = (words: string[], ...columns: Array<SQL | Column>) =>
  and(...words.map((word) => or(...columns.map((column) => startsAWord(column, word)))))!;

/**
 * The spaces the viewer may read (live ones) whose name or description has
 * a word starting with each word typed, and the members of the viewer's hub
 * whose name does, or whose email starts with what is typed; names that
 * start with it first, then by name; SPACES_AND_PEOPLE_MAX of each. Only
 * this hub's members are looked at, so nothing tells whether anyone else
 * has an account.
 */
export async function findSpacesAndPeople(opts: { db: Database; viewer: SpaceViewer; q: string }): Promise<SpacesAndPeople> {
  const { db, viewer } = opts;
  const typed = opts.q.trim();
  const words = typed.split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return { spaces: [], people: [] };
  const startsWithTyped = (column: Column) => sql`case when ${column} ilike ${`${likeEscaped(typed)}%`} then 0 else 1 end`;

  const [foundSpaces, people] = await Promise.all([
    db
      .select({ id: spaces.id, name: spaces.name, description: spaces.description })
      .from(spaces)
      .where(and(visibleSpacesCondition(viewer), isNull(spaces.archivedAt), everyWordIn(words, spaces.name, sql`coalesce(${spaces.description}, '')`)))
      .orderBy(startsWithTyped(spaces.name), asc(sql`lower(${spaces.name})`), asc(spaces.id))
      .limit(SPACES_AND_PEOPLE_MAX),
    db
      .select({ user_id: users.id, name: users.name, email: users.email, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.hubId, viewer.hubId), or(everyWordIn(words, users.name), sql`${users.email} ilike ${`${likeEscaped(typed)}%`}`)))
      .orderBy(startsWithTyped(users.name), asc(sql`lower(${users.name})`), asc(users.id))
      .limit(SPACES_AND_PEOPLE_MAX),
  ]);
  return { spaces: foundSpaces, people: people.map((person) => ({ ...person, role: person.role as Role })) };
}
