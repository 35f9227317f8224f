import { useEffect, useRef, useState } from 'react';

/** The large tile changes at most this often, so a cough or a short "yes" does not make it jump. */
export const SPEAKER_HOLD_MS = 2000;

/**
 * Who speaks now, sticky: the last person heard stays the active speaker
 * after they fall silent, and a new speaker takes over only once the current
 * one has held the place for SPEAKER_HOLD_MS.
 */
export function useActiveSpeaker(speaking: string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const since = useRef(0);
  const latest = useRef(speaking);
  const key = speaking.join(' ');

  useEffect(() => {
    latest.current = speaking;
  });

  useEffect(() => {
    const candidates = key ? key.split(' ') : [];
    if (candidates.length === 0 || (active !== null && candidates.includes(active))) return;
    const take = () => {
      const next = latest.current.find((id) => id !== active);
      if (!next) return;
      since.current = Date.now();
      setActive(next);
    };
    const wait = since.current + SPEAKER_HOLD_MS - Date.now();
    if (active === null || wait <= 0) {
      take();
      return;
    }
    const timer = setTimeout(take, wait);
    return () => clearTimeout(timer);
  }, [key, active]);

  return active;
}
