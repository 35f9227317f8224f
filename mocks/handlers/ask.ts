import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASK_STREAM, askBody, askEndpoints, feedbackBody, NOT_FOUND_ANSWER, type AskEvent, type AskSource } from '@/lib/contract/ask';
import { pageQuery } from '@/lib/contract/envelope';
import { askData, type MockQuestion } from '../ask-state';
import type { MockContent, MockDb } from '../state';
import { advance } from './contents';
import { answer, api, notFound, ok, paged, parse, parseBody } from './respond';
import { spaceAccess } from './spaces';

const EXCERPT_MAX = 300;

/** Lower-case words of four letters or more: enough overlap to pick a sample source. */
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);

const firstSentence = (text: string) => (text.trim().split(/(?<=[.!?])\s+/)[0] ?? '').trim();

/** The streamed answer as the API writes it: one JSON event a line. */
function ndjson(events: AskEvent[]): HttpResponse<ReadableStream> {
  const encoder = new TextEncoder();
  const stream = new ReadableStream({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
}

/**
 * Asking over plain data: the first ready item of the asked spaces whose
 * name or text shares a word with the question is the one source, and its
 * first sentence the answer; with none, NOT_FOUND_ANSWER. Finding passages,
 * writing answers and who may read what (the unanswered questions too) are
 * the API's work.
 */
export function askHandlers(db: MockDb): HttpHandler[] {
  const { callerOf } = spaceAccess(db);

  const sourceFor = (question: string, hubId: string, spaceId: string | undefined): { item: MockContent; source: AskSource } | null => {
    const asked = wordsOf(question);
    const spaces = new Map(db.data.spaces.filter((s) => s.hubId === hubId && !s.archivedAt && (!spaceId || s.id === spaceId)).map((s) => [s.id, s]));
    for (const item of db.data.contents) {
      advance(item);
      const space = spaces.get(item.spaceId);
      if (!space || item.status !== 'ready' || !item.body.trim()) continue;
      if (![...wordsOf(`${item.name} ${item.body}`)].some((word) => asked.has(word))) continue;
      const sentence = firstSentence(item.body);
      const start = item.body.indexOf(sentence);
      return {
        item,
        source: {
          n: 1,
          content: { id: item.id, name: item.name, kind: item.kind },
          space: { id: space.id, name: space.name },
          passage: { position: 0, location: {}, label: '', start, end: start + sentence.length },
          excerpt: item.body.trim().slice(0, EXCERPT_MAX),
        },
      };
    }
    return null;
  };

  return [
    http.post(api(ASK_STREAM.path), async ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const { caller } = resolved;
      const body = await parseBody(request, askBody);
      if (!body.ok) return body.response;
      const { question, conversation_id: conversationId, space_id: spaceId } = body.data;
      const questions = askData(db).questions;
      if (conversationId && !questions.some((q) => q.id === conversationId && q.userId === caller.user.id && q.hubId === caller.organization.id)) {
        return notFound('That conversation');
      }
      if (spaceId && !db.data.spaces.some((s) => s.id === spaceId && s.hubId === caller.organization.id)) return notFound('That space');

      const found = sourceFor(question, caller.organization.id, spaceId);
      const id = db.newId();
      const stored: MockQuestion = {
        id, hubId: caller.organization.id, userId: caller.user.id, conversationId: conversationId ?? id, spaceId: spaceId ?? null,
        question, answered: found !== null, helpful: null, askedAt: db.now(),
      };
      questions.push(stored);
      return ndjson([
        { type: 'start', question_id: id, conversation_id: stored.conversationId },
        { type: 'sources', sources: found ? [found.source] : [] },
        found ? { type: 'sentence', text: firstSentence(found.item.body), citations: [1] } : { type: 'sentence', text: NOT_FOUND_ANSWER, citations: [] },
        { type: 'done', answered: found !== null },
      ]);
    }),

    answer(askEndpoints.feedback, async ({ request, params }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const body = await parseBody(request, feedbackBody);
      if (!body.ok) return body.response;
      const { user, organization } = resolved.caller;
      const question = askData(db).questions.find((q) => q.id === String(params.id) && q.userId === user.id && q.hubId === organization.id);
      if (!question) return notFound('That question');
      question.helpful = body.data.helpful;
      return ok(null);
    }),

    answer(askEndpoints.unanswered, ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const { organization } = resolved.caller;
      const query = parse(pageQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const items = askData(db).questions
        .filter((q) => q.hubId === organization.id && !q.answered)
        .sort((a, b) => b.askedAt.localeCompare(a.askedAt))
        .map((q) => {
          const space = q.spaceId ? db.data.spaces.find((s) => s.id === q.spaceId) : undefined;
          return { id: q.id, question: q.question, asked_at: q.askedAt, space: space ? { id: space.id, name: space.name } : null };
        });
      return paged(items, query.data);
    }),
  ];
}
