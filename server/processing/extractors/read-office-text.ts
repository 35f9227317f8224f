import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { parseOfficeAsync } from 'officeparser';
import yauzl from 'yauzl';
import { joinLocated, type LocatedText } from '../located-text';
import { readingFailure } from '../processing-failure';
import { checkZipArchive } from './check-zip-archive';

const unreadable: Record<'docx' | 'pptx', string> = {
  docx: 'This Word document could not be read: it may be damaged or password-protected.',
  pptx: 'This PowerPoint presentation could not be read: it may be damaged or password-protected.',
};

/** The text of a Word document. */
export async function readOfficeText(filePath: string): Promise<string> {
  await checkZipArchive(filePath, unreadable.docx);
  // A buffer, not the path: officeparser picks its parser from a path's extension, and storage keys have none.
  const data = await readFile(filePath);
  return readingFailure(unreadable.docx, () => parseOfficeAsync(data, { newlineDelimiter: '\n' }));
}

const SLIDE_PART = /^ppt\/(slides\/slide|notesSlides\/notesSlide)(\d+)\.xml$/;
/** A DrawingML paragraph (never self-closing when it has text) and a run of its text. */
const PARAGRAPH = /<a:p(?:\s[^>]*)?(?<!\/)>([\s\S]*?)<\/a:p>/g;
const RUN_TEXT = /<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g;
const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXml(value: string): string {
  return value.replace(ENTITY, (whole, hex?: string, dec?: string, name?: string) => {
    const code = hex ? parseInt(hex, 16) : dec ? Number(dec) : null;
    if (code === null) return NAMED[name!.toLowerCase()] ?? whole;
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A slide's (or its notes') paragraphs that have text, one a line. */
function partText(xml: string): string {
  const lines: string[] = [];
  for (const [, paragraph] of xml.matchAll(PARAGRAPH)) {
    const runs = [...paragraph!.matchAll(RUN_TEXT)].map(([, run]) => decodeXml(run!));
    if (runs.length > 0) lines.push(runs.join(''));
  }
  return lines.join('\n');
}

/**
 * A PowerPoint deck's text, slide by slide (each slide followed by its
 * notes), each slide's range located. Slides are numbered by their part
 * names, as PowerPoint writes them.
 */
export async function readSlides(filePath: string): Promise<LocatedText> {
  await checkZipArchive(filePath, unreadable.pptx);
  return readingFailure(unreadable.pptx, async () => {
    const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false });
    const slides = new Map<number, { slide: string; notes: string }>();
    try {
      for await (const entry of zip.eachEntry()) {
        const part = SLIDE_PART.exec(entry.fileName);
        if (!part) continue;
        const number = Number(part[2]);
        const slide = slides.get(number) ?? { slide: '', notes: '' };
        slide[part[1] === 'slides/slide' ? 'slide' : 'notes'] = partText(await text(await zip.openReadStreamPromise(entry)));
        slides.set(number, slide);
      }
    } finally {
      zip.close();
    }
    if (slides.size === 0) throw new Error('no slides');
    const ordered = [...slides.entries()].sort(([a], [b]) => a - b);
    return joinLocated(ordered.map(([number, { slide, notes }]) => ({ location: { slide: number }, text: [slide, notes].filter(Boolean).join('\n') })));
  });
}
