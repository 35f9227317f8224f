/**
 * A token bucket: `burst` messages at once, refilled at `perSecond`. One per
 * socket, so one flooding participant is cut off without touching the others.
 */
export function createMessageRateLimiter(opts: { perSecond: number; burst: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  let tokens = opts.burst;
  let last = now();
  return {
    /** Takes one token; false when the socket has sent too much. */
    take(): boolean {
      const at = now();
      tokens = Math.min(opts.burst, tokens + ((at - last) / 1000) * opts.perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** At most `limit` takes in any `windowMs`: a sliding window over the times of the last ones. */
export function createWindowRateLimiter(opts: { limit: number; windowMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const taken: number[] = [];
  return {
    take(): boolean {
      const at = now();
      while (taken.length > 0 && taken[0]! <= at - opts.windowMs) taken.shift();
      if (taken.length >= opts.limit) return false;
      taken.push(at);
      return true;
    },
  };
}
