import { useCallback, useEffect, useRef, useState } from 'react';
import type { AskEvent, AskSource } from '@/lib/contract/ask';
import { askStream, CUT_OFF, isRateLimited, retryAfterOf } from '@/client/http/ask-api';
import { errorMessage } from '@/client/http/clients';

export interface AskSentence {
  text: string;
  citations: number[];
}

export interface AskTurn {
  /** Local key: a retried turn keeps its place and key. */
  key: number;
  question: string;
  /** Set by the stream's `start`, for feedback. */
  questionId: string | null;
  sources: AskSource[];
  sentences: AskSentence[];
  /** streaming → done; or stopped (by the asker), cut (the stream broke) or failed (the API's `error` event). */
  state: 'streaming' | 'done' | 'stopped' | 'cut' | 'failed';
  /** From `done`: false for NOT_FOUND_ANSWER. */
  answered: boolean | null;
  /** Why a cut or failed turn ended. */
  problem: string | null;
}

/** A question the API refused before answering: it goes back into the box with this message. */
export interface AskRefusal {
  question: string;
  message: string;
  /** For a 429: the seconds to wait, when the API said. */
  retryAfter: number | null;
}

function apply(turn: AskTurn, event: AskEvent): AskTurn {
  switch (event.type) {
    case 'start':
      return { ...turn, questionId: event.question_id };
    case 'sources':
      return { ...turn, sources: event.sources };
    case 'sentence':
      return { ...turn, sentences: [...turn.sentences, { text: event.text, citations: event.citations }] };
    case 'done':
      return { ...turn, state: 'done', answered: event.answered };
    case 'error':
      return { ...turn, state: 'failed', problem: event.message };
  }
}

/**
 * A conversation with the hub: each question streams its answer into a new
 * turn; follow-ups carry the first question's id. `refusal` is set when the
 * API turned a question down before answering (it is not a turn then).
 */
export function useAskConversation({ spaceId }: { spaceId?: string }) {
  const [turns, setTurns] = useState<AskTurn[]>([]);
  const [refusal, setRefusal] = useState<AskRefusal | null>(null);
  const controller = useRef<AbortController | null>(null);
  const nextKey = useRef(1);
  // The first question's id, once its stream started; follow-ups send it.
  const conversation = useRef<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (question: string, key: number): Promise<AskRefusal | null> => {
      const abort = new AbortController();
      controller.current = abort;
      let started = false;
      const update = (change: (turn: AskTurn) => AskTurn) =>
        setTurns((all) => all.map((turn) => (turn.key === key ? change(turn) : turn)));
      try {
        await askStream(
          { question, ...(conversation.current ? { conversation_id: conversation.current } : {}), ...(spaceId ? { space_id: spaceId } : {}) },
          (event) => {
            if (abort.signal.aborted) return;
            if (event.type === 'start') {
              started = true;
              conversation.current ??= event.conversation_id;
            }
            update((turn) => apply(turn, event));
          },
          abort.signal,
        );
      } catch (e) {
        if (abort.signal.aborted) {
          update((turn) => (turn.state === 'streaming' ? { ...turn, state: 'stopped' } : turn));
        } else if (started) {
          update((turn) => ({ ...turn, state: 'cut', problem: errorMessage(e) === CUT_OFF ? null : errorMessage(e) }));
        } else {
          // Refused before answering (or never reached the API): the question goes back into the box.
          setTurns((all) => all.filter((turn) => turn.key !== key));
          const refused = { question, message: errorMessage(e), retryAfter: isRateLimited(e) ? retryAfterOf(e) : null };
          setRefusal(refused);
          return refused;
        }
      } finally {
        if (controller.current === abort) controller.current = null;
      }
      return null;
    },
    [spaceId],
  );

  const fresh = (key: number, question: string): AskTurn => ({
    key, question, questionId: null, sources: [], sentences: [], state: 'streaming', answered: null, problem: null,
  });

  /** Asks `question`; resolves with the refusal when the API turned it down before answering. */
  const ask = async (question: string): Promise<AskRefusal | null> => {
    if (controller.current) return null;
    setRefusal(null);
    const key = nextKey.current++;
    setTurns((all) => [...all, fresh(key, question)]);
    return run(question, key);
  };

  /** Asks a stopped, cut or failed turn's question again, in its place (a refusal takes it out, like `ask`). */
  const retry = async (turn: AskTurn): Promise<AskRefusal | null> => {
    if (controller.current) return null;
    setRefusal(null);
    setTurns((all) => all.map((t) => (t.key === turn.key ? fresh(turn.key, turn.question) : t)));
    return run(turn.question, turn.key);
  };

  const stop = () => controller.current?.abort();

  const reset = () => {
    controller.current?.abort();
    controller.current = null;
    conversation.current = null;
    setTurns([]);
    setRefusal(null);
  };

  const streaming = turns.some((turn) => turn.state === 'streaming');
  return { turns, refusal, streaming, ask, retry, stop, reset, dismissRefusal: () => setRefusal(null) };
}
