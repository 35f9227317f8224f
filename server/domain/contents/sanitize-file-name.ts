import { extensionOf } from '../../../lib/contract/contents';

const FILE_NAME_MAX = 200;

// Control characters (NUL included), unpaired surrogates, and the marks that
// reorder text: "invoice\u202Egpj.exe" would otherwise display as "invoiceexe.jpg".
const UNWANTED = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * The name a person sees for an uploaded file. It is only ever shown, never
 * used as a path (files are stored under a key the server makes), but it is
 * cleaned anyway: folders the client sent are dropped, invisible and
 * reordering characters removed, and a long name is shortened before its
 * extension so the type stays visible.
 */
export function sanitizeFileName(raw: string): string {
  const lastPart = raw.split(/[/\\]/).pop() ?? '';
  const name = lastPart.normalize('NFC').replace(UNWANTED, '').trim();
  if (name.length <= FILE_NAME_MAX) return name;
  const extension = extensionOf(name);
  const suffix = extension && extension.length < FILE_NAME_MAX / 2 ? name.slice(-(extension.length + 1)) : '';
  let stem = '';
  // Whole characters only, so an emoji is never cut in half.
  for (const character of name.slice(0, name.length - suffix.length)) {
    if (stem.length + character.length + suffix.length > FILE_NAME_MAX) break;
    stem += character;
  }
  return `${stem.trimEnd()}${suffix}`;
}
