import { useEffect, useRef, useState } from 'react';

/**
 * Attaches `stream` to a <video> and keeps it playing. React does not
 * reflect `muted` as an attribute, so it is set here too. When the browser
 * refuses to autoplay sound (a reload without a click), the video plays
 * muted and `soundBlocked` asks for a click. `refreshKey` re-attaches the
 * stream when its tracks changed (a camera turned back on).
 */
export function useMediaElement(stream: MediaStream | null, muted: boolean, refreshKey: unknown = null) {
  const ref = useRef<HTMLVideoElement>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.muted = muted;
    if (muted) element.setAttribute('muted', '');
    else element.removeAttribute('muted');
    // Re-attached when refreshKey changes: a track added to a stream already playing is not always picked up.
    element.srcObject = null;
    element.srcObject = stream;
    if (!stream || typeof element.play !== 'function') return;
    let cancelled = false;
    const played = element.play();
    // jsdom and old browsers return nothing from play().
    if (played && typeof played.catch === 'function') {
      played.catch((error: unknown) => {
        if (cancelled || muted || (error as { name?: string }).name !== 'NotAllowedError') return;
        element.muted = true;
        setSoundBlocked(true);
        void element.play().catch(() => undefined);
      });
    }
    return () => {
      cancelled = true;
    };
  }, [stream, muted, refreshKey]);

  const unblockSound = () => {
    const element = ref.current;
    if (!element) return;
    element.muted = false;
    void element.play().then(
      () => setSoundBlocked(false),
      () => undefined,
    );
  };

  return { ref, soundBlocked, unblockSound };
}
