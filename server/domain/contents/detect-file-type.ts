import { fileTypeFromBuffer } from 'file-type';
import { KIND_EXTENSIONS } from '../../../lib/contract/contents';

/** How much of the start of a file is read to decide what it is. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * What the bytes of a file with a given extension must be:
 * - text: UTF-8 without NUL (plus a pattern for SVG);
 * - magic: starts with one of the signatures;
 * - sniffed: the `file-type` package recognises one of the listed formats.
 */
type Expectation =
  | { check: 'text'; mime: string; mustContain?: RegExp }
  | { check: 'magic'; signatures: ReadonlyArray<{ prefix: Uint8Array; mime: string }> }
  /** `mime` replaces the detected one where the detection is only the container (an .xlsx read as a zip). */
  | { check: 'sniffed'; formats: readonly string[]; mime?: string };

const text = (mime: string, mustContain?: RegExp): Expectation => ({ check: 'text', mime, mustContain });
const magic = (...signatures: Array<[prefix: string | number[], mime: string]>): Expectation => ({
  check: 'magic',
  signatures: signatures.map(([prefix, mime]) => ({ prefix: typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : Uint8Array.from(prefix), mime })),
});
const sniffed = (formats: string[], mime?: string): Expectation => ({ check: 'sniffed', formats, mime });

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ISO_MEDIA = ['mp4', 'm4v', 'm4a', 'm4b', 'm4p', 'f4v', 'mov', '3gp'];
const OGG = ['ogg', 'oga', 'ogv', 'opus', 'spx', 'ogx'];

const EXPECTATIONS: Record<string, Expectation> = {
  txt: text('text/plain'),
  md: text('text/markdown'),
  mdx: text('text/markdown'),
  conf: text('text/plain'),
  log: text('text/plain'),
  record: text('text/plain'),
  json: text('application/json'),
  xml: text('application/xml'),
  yml: text('application/yaml'),
  yaml: text('application/yaml'),
  csv: text('text/csv'),
  tsv: text('text/tab-separated-values'),
  html: text('text/html'),
  eml: text('message/rfc822'),
  svg: text('image/svg+xml', /<svg[\s/>]/i),

  pdf: sniffed(['pdf']),
  ai: magic(['%PDF', 'application/pdf'], ['%!PS', 'application/postscript']),
  doc: magic([OLE, 'application/msword']),
  xls: magic([OLE, 'application/vnd.ms-excel']),
  // Office files and e-books are zip archives; a partial read may only see the zip.
  docx: sniffed(['docx', 'zip'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xlsx: sniffed(['xlsx', 'zip'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  pptx: sniffed(['pptx', 'zip'], 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  epub: sniffed(['epub', 'zip'], 'application/epub+zip'),

  png: sniffed(['png', 'apng']),
  jpg: sniffed(['jpg']),
  jpeg: sniffed(['jpg']),
  gif: sniffed(['gif']),
  bmp: sniffed(['bmp']),
  tiff: sniffed(['tif']),
  webp: sniffed(['webp']),
  ico: magic([[0x00, 0x00, 0x01, 0x00], 'image/x-icon']),
  psd: magic(['8BPS', 'image/vnd.adobe.photoshop']),

  mp3: sniffed(['mp3']),
  mp4: sniffed(ISO_MEDIA),
  mov: sniffed(ISO_MEDIA),
  avi: sniffed(['avi']),
  wmv: sniffed(['asf']),
  flv: sniffed(['flv']),
  // Matroska and WebM share a container; players read either.
  mkv: sniffed(['mkv', 'webm']),
  webm: sniffed(['webm', 'mkv']),
  aac: sniffed(['aac', 'm4a']),
  wav: sniffed(['wav']),
  ogg: sniffed(OGG),
  flac: sniffed(['flac']),
};

// An accepted extension without a rule would refuse every file of that type: fail at start-up instead.
for (const extension of new Set(Object.values(KIND_EXTENSIONS).flat())) {
  if (!EXPECTATIONS[extension]) throw new Error(`no content check for the .${extension} extension`);
}

function decodeUtf8Text(head: Uint8Array, complete: boolean): string | null {
  if (head.includes(0)) return null;
  try {
    // Streaming decode when the head is cut short: a character split at its end is not an error.
    return new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
  } catch {
    return null;
  }
}

const startsWith = (head: Uint8Array, prefix: Uint8Array) =>
  head.length >= prefix.length && prefix.every((byte, i) => head[i] === byte);

/**
 * Checks that a file's first bytes are what its extension says, and returns
 * the MIME type they show; null when they are something else (an executable
 * named .png, a zip named .pdf, binary data named .txt).
 */
export async function detectFileType(opts: {
  extension: string;
  /** The first SNIFF_BYTES of the file, or all of it when shorter. */
  head: Uint8Array;
  /** Whether `head` is the whole file. */
  complete: boolean;
}): Promise<string | null> {
  const expectation = EXPECTATIONS[opts.extension];
  if (!expectation) return null;
  switch (expectation.check) {
    case 'text': {
      const decoded = decodeUtf8Text(opts.head, opts.complete);
      if (decoded === null || (expectation.mustContain && !expectation.mustContain.test(decoded))) return null;
      return expectation.mime;
    }
    case 'magic':
      return expectation.signatures.find((signature) => startsWith(opts.head, signature.prefix))?.mime ?? null;
    case 'sniffed': {
      const found = await fileTypeFromBuffer(opts.head);
      if (!found || !expectation.formats.includes(found.ext)) return null;
      return expectation.mime ?? found.mime;
    }
  }
}
