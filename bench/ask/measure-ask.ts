import pg from 'pg';
import type { AskEvent } from '@/lib/contract/ask';
import { llmSettingsOf } from '@/server/config';
import { percentile } from '../load';
import { spawnBenchProcess } from '../spawn-servers';
import type { AskBenchServer } from './ask-server';
import { createHandbook } from './corpus';

export interface AskBenchRun {
  /** "extractive", or the model's name. */
  path: string;
  database: string;
  seedSeconds: number;
  notes: number;
  fillerNotes: number;
  questions: number;
  recallAt5: number;
  /** Share of questions whose answer holds the expected fact. */
  accuracy: number;
  /** Share of (sentence, cited passage) pairs where the passage holds the sentence's words. */
  citationPrecision: number;
  citations: number;
  /** Answerable questions answered "not found". */
  declined: number;
  /** Questions the handbook has no answer to, and how many of them got "not found". */
  unanswerable: number;
  rightlyDeclined: number;
  firstSentence: { p50Ms: number; p95Ms: number };
  done: { p50Ms: number; p95Ms: number };
}

interface Answer {
  sources: Extract<AskEvent, { type: 'sources' }>['sources'];
  sentences: Array<{ text: string; citations: number[] }>;
  answered: boolean;
  firstSentenceMs: number;
  doneMs: number;
}

/** POST ask/, read as it streams: when the first sentence arrived, when it was done. */
async function askStreaming(server: AskBenchServer, question: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(server.askUrl, {
    method: 'POST',
    headers: { AppType: 'social', 'Content-Type': 'application/json', Authorization: `JWT ${server.token}`, 'Org-Handle': server.handle },
    body: JSON.stringify({ question }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`POST ask/ answered ${response.status} to "${question}"`);
  const answer: Answer = { sources: [], sentences: [], answered: false, firstSentenceMs: Number.NaN, doneMs: Number.NaN };
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const event = JSON.parse(line) as AskEvent;
      if (event.type === 'sources') answer.sources = event.sources;
      if (event.type === 'sentence') {
        if (answer.sentences.length === 0) answer.firstSentenceMs = performance.now() - started;
        answer.sentences.push(event);
      }
      if (event.type === 'done') {
        answer.answered = event.answered;
        answer.doneMs = performance.now() - started;
      }
      if (event.type === 'error') throw new Error(`POST ask/ streamed an error for "${question}": ${event.message}`);
    }
  }
  return answer;
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** A cited passage supports a sentence when it holds at least this share of the sentence's words. */
const SUPPORT = 0.8;

const timings = (values: number[]) => {
  const sorted = Float64Array.from(values).sort();
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
};

async function evaluate(server: AskBenchServer & { stop: () => Promise<void> }, path: string): Promise<AskBenchRun> {
  const handbook = createHandbook();
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const passageText = async (contentId: string, position: number) => {
      const { rows } = await client.query<{ text: string }>('select text from content_passages where content_id = $1 and position = $2', [contentId, position]);
      return rows[0]?.text ?? '';
    };
    // A server in service has answered before: a few untimed questions first.
    for (const { question } of handbook.questions.slice(0, 5)) await askStreaming(server, question);

    let correct = 0;
    let declined = 0;
    let citations = 0;
    let supported = 0;
    const first: number[] = [];
    const done: number[] = [];
    for (const { question, fact } of handbook.questions) {
      const answer = await askStreaming(server, question);
      first.push(answer.firstSentenceMs);
      done.push(answer.doneMs);
      if (!answer.answered) declined += 1;
      if (answer.sentences.map((s) => s.text).join(' ').toLowerCase().includes(fact.toLowerCase())) correct += 1;
      for (const sentence of answer.sentences) {
        const words = wordsOf(sentence.text);
        for (const n of sentence.citations) {
          const source = answer.sources.find((s) => s.n === n);
          const text = source ? wordsOf(await passageText(source.content.id, source.passage.position)) : new Set<string>();
          const held = [...words].filter((word) => text.has(word)).length;
          citations += 1;
          if (words.size > 0 && held / words.size >= SUPPORT) supported += 1;
        }
      }
    }
    let rightlyDeclined = 0;
    for (const question of handbook.unanswerable) {
      const answer = await askStreaming(server, question);
      first.push(answer.firstSentenceMs);
      done.push(answer.doneMs);
      if (!answer.answered) rightlyDeclined += 1;
    }
    const questions = handbook.questions.length;
    return {
      path, database: server.database, seedSeconds: server.seedSeconds, notes: server.notes, fillerNotes: server.fillerNotes, questions,
      recallAt5: server.retrievedInTop5.filter(Boolean).length / questions,
      accuracy: correct / questions,
      citationPrecision: citations === 0 ? Number.NaN : supported / citations,
      citations, declined, unanswerable: handbook.unanswerable.length, rightlyDeclined,
      firstSentence: timings(first), done: timings(done),
    };
  } finally {
    await client.end();
    await server.stop();
  }
}

/**
 * The Ask evaluation set over the generated handbook, asked through the real
 * API one question at a time: extractively, then, when LLM_BASE_URL and
 * LLM_MODEL are set, with the language model (a fresh server each).
 */
export async function measureAsk(opts: { fillerNotes: number }): Promise<AskBenchRun[]> {
  const env = { BENCH_ASK_FILLER: String(opts.fillerNotes) };
  const runs = [await evaluate(await spawnBenchProcess<AskBenchServer>('ask/ask-server.ts', env), 'extractive')];
  const model = llmSettingsOf(process.env);
  if (model) runs.push(await evaluate(await spawnBenchProcess<AskBenchServer>('ask/ask-server.ts', { ...env, BENCH_ASK_MODEL: '1' }), `model ${model.model}`));
  return runs;
}
