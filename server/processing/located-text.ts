import type { PassageLocation } from '../../lib/contract/passages';
import { storableString } from './processing-result';

/** A stretch of an item's body whose origin the extractor knows: [start, end) in characters. */
export interface LocatedSegment {
  location: PassageLocation;
  start: number;
  end: number;
}

/** Text with where its stretches came from (offsets into `text`). */
export interface LocatedText {
  text: string;
  segments: LocatedSegment[];
}

/**
 * Pieces of text joined into one, each located piece's range recorded.
 * Every piece is made storable first, so the ranges still hold in the body
 * as it is saved. A piece with a null location (a table's header line, an
 * email's headers) is kept in the text but has no segment.
 */
export function joinLocated(pieces: Array<{ location: PassageLocation | null; text: string }>, separator = '\n\n'): LocatedText {
  let text = '';
  const segments: LocatedSegment[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) text += separator;
    const clean = storableString(piece.text);
    if (piece.location) segments.push({ location: piece.location, start: text.length, end: text.length + clean.length });
    text += clean;
  });
  return { text, segments };
}

/** Located texts one after the other, their ranges moved along (a workbook's sheets, an email's parts). */
export function concatLocated(parts: LocatedText[], separator = '\n\n'): LocatedText {
  let text = '';
  const segments: LocatedSegment[] = [];
  parts.forEach((part, i) => {
    if (i > 0) text += separator;
    const offset = text.length;
    segments.push(...part.segments.map((s) => ({ ...s, start: s.start + offset, end: s.end + offset })));
    text += part.text;
  });
  return { text, segments };
}
