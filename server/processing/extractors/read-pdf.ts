import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { joinLocated, type LocatedText } from '../located-text';
import { readingFailure } from '../processing-failure';

/** One page's text with runs of spaces and blank lines shortened (as pdf.js's merged text has them). */
const tidyPage = (text: string) => text.replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n').replace(/\n{3,}/g, '\n\n').trim();

/** A PDF's text, each page's range located, and how many pages it has. */
export async function readPdf(filePath: string): Promise<{ text: LocatedText; pages: number }> {
  const data = new Uint8Array(await readFile(filePath));
  return readingFailure('This PDF could not be read: it may be damaged or password-protected.', async () => {
    // verbosity 0: pdf.js would otherwise print warnings about damaged files to the console.
    const pdf = await getDocumentProxy(data, { verbosity: 0 });
    try {
      const { totalPages, text } = await extractText(pdf, { mergePages: false });
      return { text: joinLocated(text.map((page, i) => ({ location: { page: i + 1 }, text: tidyPage(page) }))), pages: totalPages };
    } finally {
      await pdf.destroy();
    }
  });
}
