import { randomInt } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const letters = (count: number) => Array.from({ length: count }, () => LETTERS[randomInt(LETTERS.length)]).join('');

/**
 * A fresh `abc-defg-hij` code: 26^10 (about 1.4e14) possibilities, so codes
 * cannot be guessed in useful numbers. A code alone never lets anyone in:
 * joining also needs membership of the meeting's hub.
 */
export const generateMeetingCode = () => `${letters(3)}-${letters(4)}-${letters(3)}`;
