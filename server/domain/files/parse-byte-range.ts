import type { ByteRange } from '../../storage/storage';

export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; range: ByteRange }
  | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const UNSATISFIABLE: RangeAnswer = { kind: 'unsatisfiable' };

/**
 * Reads an HTTP Range header (RFC 9110 §14) for an object of `size` bytes.
 * One range is served (`bytes=a-b`, `bytes=a-`, `bytes=-n`); anything else
 * (another unit, several ranges, no header) gets the whole object, as the
 * RFC allows. A range that names no byte of the object is unsatisfiable (416).
 */
export function parseByteRange(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    const length = Number(last);
    return length === 0 || size === 0 ? UNSATISFIABLE : { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return UNSATISFIABLE;
  return { kind: 'part', range: { start, end } };
}
