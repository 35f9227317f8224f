import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentPassages, contents, spaces } from '../../db/schema';
import type { ContentKind } from '../../../lib/contract/contents';
import type { PassageLocation } from '../../../lib/contract/passages';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { quotedLexeme, searchableText, searchConfig } from '../search/search-text';
import type { AskTerm, PassageSentences } from './extract-answer';
import { questionText } from './question-terms';
import { sentencesOf } from './sentences-of';

export interface RetrievedPassage extends PassageSentences {
  content: { id: string; name: string; kind: ContentKind };
  space: { id: string; name: string };
  position: number;
  location: PassageLocation;
  bodyStart: number;
  bodyEnd: number;
  text: string;
}

/** Passages an answer is drawn from. */
export const TOP_PASSAGES = 8;
/**
 * Matches counted per term: enough to tell a rare term from a common one.
 * A term found this often is left out of the matching when rarer ones are
 * there (it still scores), so a question with a common word costs no more
 * than one without.
 */
export const TERM_MATCH_CAP = 1_000;
/** Matches scored at most, when every term is common. */
const MATCHES_SCORED = 5_000;
/** Terms read from a question and from the conversation before it. */
const MAX_TERMS = 16;
const CONVERSATION_WEIGHT = 0.5;

/** The same, in SQL, of a lexeme column: a tsquery finding the passages that hold it. */
const lexemeQuery = (column: SQL) => sql`('''' || replace(replace(${column}, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;
/** Rarity of a term found in `matches` passages (capped at TERM_MATCH_CAP), as BM25 weighs it. */
const idfOf = (matches: number) => Math.log(1 + TERM_MATCH_CAP / (matches + 0.5));

/**
 * The passages that best answer a question, best first, with the question's
 * terms. Only passages of ready items in spaces the asker may read and that
 * are not archived (`spaceId`'s alone when given) are ever read: the spaces
 * are one SQL condition every statement applies before it counts or ranks,
 * so what the asker may not read changes neither the answer nor the work done.
 *
 * The question's words (and, at lower weight, the conversation's) are
 * stemmed and stop-worded by the index's configuration; each is counted
 * among those passages (up to TERM_MATCH_CAP), which gives its rarity. The
 * passages holding any of the terms rare enough are scored by the rarity of
 * the terms they hold, the best TOP_PASSAGES kept and cut into sentences,
 * whose lexemes the database gives too (the same stemming as the index).
 */
export async function retrievePassages(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId?: string;
  question: string;
  /** Earlier questions of the conversation, when the question leans on them. */
  context?: string;
}): Promise<{ passages: RetrievedPassage[]; terms: AskTerm[] }> {
  const { db, viewer } = opts;
  const readable = and(visibleSpacesCondition(viewer), isNull(spaces.archivedAt), opts.spaceId ? eq(spaces.id, opts.spaceId) : undefined);
  // Passages the asker may read, as a condition on content_passages `p`.
  const readablePassage = sql`p.organization_id = ${viewer.hubId} and exists (
    select 1 from ${contents} join ${spaces} on ${spaces.id} = ${contents.spaceId}
     where ${contents.id} = p.content_id and ${contents.status} = 'ready' and ${readable})`;

  return db.transaction(async (tx) => {
    // The GIN index answers which passages hold a term; a scan would test every one.
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows: counted } = await tx.execute<{ lexeme: string; own: boolean; matches: number }>(sql`
      with asked as (
        select lexeme, bool_or(own) as own from (
          (select unnest(tsvector_to_array(to_tsvector(${searchConfig}::regconfig, ${searchableText(questionText(opts.question))}))) as lexeme, true as own limit ${MAX_TERMS})
          union all
          (select unnest(tsvector_to_array(to_tsvector(${searchConfig}::regconfig, ${searchableText(questionText(opts.context ?? ''))}))), false limit ${MAX_TERMS})
        ) as words group by lexeme
      )
      select asked.lexeme, asked.own, (
        select count(*)::int from (
          select 1 from ${contentPassages} as p
           where p.search_vector @@ ${lexemeQuery(sql`asked.lexeme`)} and ${readablePassage}
           limit ${TERM_MATCH_CAP}) as found
      ) as matches from asked`);
    const terms: AskTerm[] = counted.map((term) => ({
      lexeme: term.lexeme, weight: term.own ? 1 : CONVERSATION_WEIGHT, idf: idfOf(term.matches),
    }));
    const found = counted.filter((term) => term.matches > 0);
    const rare = found.filter((term) => term.matches < TERM_MATCH_CAP);
    const matching = rare.length > 0 ? rare : found;
    if (matching.length === 0) return { passages: [], terms };

    const scored = terms.filter((term) => counted.some((c) => c.lexeme === term.lexeme && c.matches > 0));
    const query = matching.map((term) => quotedLexeme(term.lexeme)).join(' | ');
    const { rows } = await tx.execute<{
      content_id: string; position: number; location: PassageLocation; body_start: number; body_end: number; text: string;
      name: string; kind: ContentKind; space_id: string; space_name: string;
    }>(sql`
      with matched as (
        select p.content_id, p.position, p.location, p.body_start, p.body_end, p.text, p.search_vector
          from ${contentPassages} as p
         where p.search_vector @@ ${query}::tsquery and ${readablePassage}
         limit ${MATCHES_SCORED}
      ), ranked as (
        select matched.*, (
          select coalesce(sum(t.score), 0) from unnest(${sql.param(scored.map((t) => t.lexeme))}::text[],
                                                       ${sql.param(scored.map((t) => t.weight * t.idf))}::float8[]) as t(lexeme, score)
           where matched.search_vector @@ ${lexemeQuery(sql`t.lexeme`)}
        ) + ts_rank_cd(matched.search_vector, ${query}::tsquery) as score
          from matched
         order by score desc, matched.content_id, matched.position
         limit ${TOP_PASSAGES}
      )
      select ranked.content_id, ranked.position, ranked.location, ranked.body_start, ranked.body_end, ranked.text,
             ${contents.name} as name, ${contents.kind} as kind, ${spaces.id} as space_id, ${spaces.name} as space_name
        from ranked join ${contents} on ${contents.id} = ranked.content_id join ${spaces} on ${spaces.id} = ${contents.spaceId}
       order by ranked.score desc, ranked.content_id, ranked.position`);

    const sentences = rows.map((row) => sentencesOf(row.text));
    const { rows: lexed } = await tx.execute<{ lexemes: string[] }>(sql`
      select tsvector_to_array(to_tsvector(${searchConfig}::regconfig, sentence)) as lexemes
        from unnest(${sql.param(sentences.flat().map(searchableText))}::text[]) with ordinality as s(sentence, n)
       order by n`);
    let next = 0;
    const passages = rows.map((row, i): RetrievedPassage => ({
      content: { id: row.content_id, name: row.name, kind: row.kind },
      space: { id: row.space_id, name: row.space_name },
      position: row.position,
      location: row.location,
      bodyStart: row.body_start,
      bodyEnd: row.body_end,
      text: row.text,
      sentences: sentences[i]!.map((text) => ({ text, lexemes: lexed[next++]?.lexemes ?? [] })),
    }));
    return { passages, terms };
  });
}
