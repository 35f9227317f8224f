import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/client/http/clients';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * What a picker offers for what is typed in it: `find` asked once the typing
 * pauses (an empty term for the first page), answers to earlier terms
 * dropped. `scope` names what is searched (a hub); none asks nothing.
 */
export function usePickerSearch<T>(scope: string, find: (term: string) => Promise<T[]>) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const [answer, setAnswer] = useState<{ term: string; items: T[]; error: string | null } | null>(null);
  // The finder changes identity on every render; a new term or scope asks again.
  const findRef = useRef(find);
  useEffect(() => {
    findRef.current = find;
  });

  useEffect(() => {
    if (!scope) return;
    let live = true;
    findRef.current(term).then(
      (items) => live && setAnswer({ term, items, error: null }),
      (e: unknown) => live && setAnswer({ term, items: [], error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [scope, term]);

  return { setSearch, loading: answer?.term !== term, items: answer?.items ?? [], error: answer?.error ?? null };
}
