import { randomUUID } from 'node:crypto';
import { and, asc, eq, or } from 'drizzle-orm';
import type { LlmSettings } from '../../config';
import type { Database } from '../../db/connect';
import { askQuestions } from '../../db/schema';
import { NOT_FOUND_ANSWER, type AskEvent, type AskSource } from '../../../lib/contract/ask';
import { passageLabel } from '../../../lib/contract/passages';
import { notFound } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import { getSpace } from '../spaces/get-space';
import { isUuid } from '../spaces/is-uuid';
import { extractAnswer, type AnswerSentence } from './extract-answer';
import { leansOnConversation } from './question-terms';
import { retrievePassages, type RetrievedPassage } from './retrieve-passages';
import { streamModelAnswer } from './stream-model-answer';

/** Characters of a passage shown under an answer. */
const EXCERPT_MAX = 300;
/** Earlier questions of a conversation a follow-up may lean on. */
const CONVERSATION_QUESTIONS = 3;
/** Passages a language model is given. */
const MODEL_PASSAGES = 6;

export const conversationNotFound = () => notFound('That conversation');

/** The passage's sentences (its headings are in its label), cut to EXCERPT_MAX at a word. */
function excerptOf(passage: RetrievedPassage): string {
  const text = passage.sentences.map((sentence) => sentence.text).join(' ');
  if (text.length <= EXCERPT_MAX) return text;
  const cut = text.lastIndexOf(' ', EXCERPT_MAX);
  return `${text.slice(0, cut > EXCERPT_MAX / 2 ? cut : EXCERPT_MAX)}…`;
}

function sourceOf(passage: RetrievedPassage, n: number): AskSource {
  return {
    n,
    content: passage.content,
    space: passage.space,
    passage: {
      position: passage.position, location: passage.location, label: passageLabel(passage.location),
      start: passage.bodyStart, end: passage.bodyEnd,
    },
    excerpt: excerptOf(passage),
  };
}

/** The questions of a conversation so far (its first question's id), oldest first; 404 unless the asker's own in this hub. */
async function earlierQuestions(db: Database, viewer: SpaceViewer, conversationId: string): Promise<string[]> {
  if (!isUuid(conversationId)) throw conversationNotFound();
  const rows = await db
    .select({ question: askQuestions.question })
    .from(askQuestions)
    .where(and(
      eq(askQuestions.hubId, viewer.hubId),
      eq(askQuestions.userId, viewer.userId),
      or(eq(askQuestions.conversationId, conversationId), eq(askQuestions.id, conversationId)),
    ))
    .orderBy(asc(askQuestions.createdAt));
  if (rows.length === 0) throw conversationNotFound();
  return rows.map((row) => row.question);
}

/** Numbers the passages the sentences cite, from 1 in the order first cited. */
function numberCitations(sentences: AnswerSentence[], passages: RetrievedPassage[]) {
  const numbers = new Map<number, number>();
  for (const sentence of sentences) for (const p of sentence.passages) if (!numbers.has(p)) numbers.set(p, numbers.size + 1);
  return {
    sources: [...numbers].map(([p, n]) => sourceOf(passages[p]!, n)),
    sentences: sentences.map((sentence) => ({ text: sentence.text, citations: sentence.passages.map((p) => numbers.get(p)!) })),
  };
}

export interface AskQuestionOptions {
  db: Database;
  viewer: SpaceViewer;
  question: string;
  conversationId?: string;
  spaceId?: string;
  llm?: LlmSettings;
}

/**
 * Asks the hub a question. What can fail with a status (the space or the
 * conversation not found) fails before anything is streamed; the answer
 * then comes as events: start, sources, each sentence, done. The question
 * is kept with its answer once the answer is complete (or the asker left).
 *
 * Without a language model the answer is extractive (extractAnswer), its
 * sources only the passages cited, numbered in citation order. With one,
 * when the passages support an answer at all, the model writes it from the
 * best MODEL_PASSAGES passages, which are the sources (numbered as it saw
 * them); if it fails before its first sentence, the extractive answer over
 * the same passages is given instead.
 */
export async function askQuestion(opts: AskQuestionOptions): Promise<AsyncGenerator<AskEvent>> {
  const { db, viewer } = opts;
  if (opts.spaceId !== undefined) await getSpace({ db, viewer, spaceId: opts.spaceId });
  const earlier = opts.conversationId ? await earlierQuestions(db, viewer, opts.conversationId) : [];
  const context = earlier.length > 0 && leansOnConversation(opts.question)
    ? earlier.slice(-CONVERSATION_QUESTIONS).join(' ')
    : undefined;
  const retrieved = await retrievePassages({ db, viewer, spaceId: opts.spaceId, question: opts.question, context });
  const id = randomUUID();
  const conversationId = opts.conversationId ?? id;
  const modelPassages = retrieved.passages.slice(0, MODEL_PASSAGES);
  const extracted = extractAnswer({ passages: opts.llm ? modelPassages : retrieved.passages, terms: retrieved.terms });

  async function* answer(): AsyncGenerator<AskEvent> {
    const said: Array<{ text: string; citations: number[] }> = [];
    let cited: AskSource[] = [];
    try {
      yield { type: 'start', question_id: id, conversation_id: conversationId };
      if (!extracted.answered) {
        yield { type: 'sources', sources: [] };
      } else if (opts.llm) {
        const sources = modelPassages.map((passage, i) => sourceOf(passage, i + 1));
        yield { type: 'sources', sources };
        try {
          const written = streamModelAnswer({
            llm: opts.llm, question: opts.question, context, passages: modelPassages.map((p) => ({ name: p.content.name, text: p.text })),
          });
          for await (const sentence of written) {
            said.push(sentence);
            yield { type: 'sentence', ...sentence };
          }
        } catch {
          // Once the model has written part of an answer, that part stands; before, the extractive one takes its place.
        }
        if (said.length === 0) {
          for (const sentence of extracted.sentences) {
            said.push({ text: sentence.text, citations: sentence.passages.map((p) => p + 1) });
            yield { type: 'sentence', ...said[said.length - 1]! };
          }
        }
        cited = sources.filter((source) => said.some((sentence) => sentence.citations.includes(source.n)));
      } else {
        const numbered = numberCitations(extracted.sentences, retrieved.passages);
        cited = numbered.sources;
        yield { type: 'sources', sources: numbered.sources };
        for (const sentence of numbered.sentences) {
          said.push(sentence);
          yield { type: 'sentence', ...sentence };
        }
      }
      if (said.length === 0) yield { type: 'sentence', text: NOT_FOUND_ANSWER, citations: [] };
      yield { type: 'done', answered: said.length > 0 };
    } finally {
      await db.insert(askQuestions).values({
        id, hubId: viewer.hubId, userId: viewer.userId, conversationId, spaceId: opts.spaceId ?? null,
        question: opts.question,
        answer: said.length > 0 ? said.map((sentence) => sentence.text).join(' ') : NOT_FOUND_ANSWER,
        answered: said.length > 0,
        citations: cited.map((source) => ({ n: source.n, contentId: source.content.id, position: source.passage.position })),
      });
    }
  }
  return answer();
}
