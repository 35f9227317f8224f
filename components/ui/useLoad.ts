import { useEffect, useState } from 'react';
import { errorMessage, statusOf } from '@/client/http/clients';

export type Load<T> =
  | { state: 'loading' }
  | { state: 'missing'; message: string }
  | { state: 'forbidden'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'ready'; value: T };

/**
 * Loads the one thing a page is about, named by `key` (an id, a token, a
 * handle; null until the router knows it). 404 and 403 get their own states
 * so the page can explain them; other failures offer `retry`. `replace`
 * adopts a newer copy (the answer of an update).
 */
export function useLoad<T>(key: string | null, fetch: (key: string) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ tag: string; load: Load<T> } | null>(null);
  // The first fetcher is kept: callers pass inline functions.
  const [fetcher] = useState(() => fetch);
  const tag = `${key}:${attempt}`;

  useEffect(() => {
    if (key === null) return;
    let live = true;
    fetcher(key).then(
      (value) => live && setResult({ tag, load: { state: 'ready', value } }),
      (e: unknown) => {
        if (!live) return;
        const status = statusOf(e);
        const state = status === 404 ? 'missing' : status === 403 ? 'forbidden' : 'failed';
        setResult({ tag, load: { state, message: errorMessage(e) } });
      },
    );
    return () => {
      live = false;
    };
  }, [key, tag, fetcher]);

  return {
    load: result?.tag === tag ? result.load : ({ state: 'loading' } as Load<T>),
    retry: () => setAttempt((n) => n + 1),
    replace: (value: T) => setResult({ tag, load: { state: 'ready', value } }),
  };
}
