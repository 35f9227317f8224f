import { MEETING_CODE_PATTERN } from '../contract/meetings';

/**
 * The meeting code in what someone typed or pasted into the join box: a bare
 * code (any case, spaces around it) or a meeting link (`…/meet/abc-defg-hij`).
 * Returns null when there is none.
 */
export function parseMeetingCode(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (MEETING_CODE_PATTERN.test(text)) return text;
  const fromLink = /\/meet\/([a-z]{3}-[a-z]{4}-[a-z]{3})(?:[/?#]|$)/.exec(text);
  if (fromLink?.[1]) return fromLink[1];
  // Codes read aloud or copied without dashes: "abcdefghij".
  const letters = text.replace(/[\s-]/g, '');
  if (/^[a-z]{10}$/.test(letters)) return `${letters.slice(0, 3)}-${letters.slice(3, 7)}-${letters.slice(7)}`;
  return null;
}

/** The meeting's shareable link on this web app. */
export const meetingLink = (origin: string, code: string) => `${origin.replace(/\/$/, '')}/meet/${code}`;
