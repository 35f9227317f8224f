import { tooManyRequests } from '../../lib/errors';

/** Per-address limits for mails a stranger can trigger (codes, reset links): protects the mailbox. */
const MAIL_MIN_INTERVAL_MS = 60 * 1000;
const MAIL_HOURLY_LIMIT = 5;
export const MAIL_WINDOW_MS = 60 * 60 * 1000;

const waitText = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
};

/**
 * Throws 429 `rate_limited` when another mail to this address would break the
 * limits, saying when to retry. `sentAt` lists the sends of the last hour.
 */
export function checkMailThrottle(opts: { sentAt: Date[]; now?: Date }): void {
  const now = (opts.now ?? new Date()).getTime();
  const recent = opts.sentAt.map((d) => d.getTime()).filter((t) => t > now - MAIL_WINDOW_MS).sort((a, b) => a - b);
  const newest = recent.at(-1);
  if (newest !== undefined && now - newest < MAIL_MIN_INTERVAL_MS) {
    const wait = newest + MAIL_MIN_INTERVAL_MS - now;
    throw tooManyRequests(`Please wait ${waitText(wait)} before asking for another email.`, wait);
  }
  if (recent.length >= MAIL_HOURLY_LIMIT) {
    // The limit lifts when the oldest send that still counts leaves the window.
    const oldest = recent[recent.length - MAIL_HOURLY_LIMIT]!;
    const wait = oldest + MAIL_WINDOW_MS - now;
    throw tooManyRequests(`Too many emails were requested. Please try again in ${waitText(wait)}.`, wait);
  }
}
