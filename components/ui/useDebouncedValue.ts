import { useEffect, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

/** `value` once it has stopped changing for `delay` ms: a search box asks once per pause, not per key. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
