import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { readingFailure } from '../processing-failure';

/** A PDF's text, pages in order, and how many pages it has. */
export async function readPdf(filePath: string): Promise<{ text: string; pages: number }> {
  const data = new Uint8Array(await readFile(filePath));
  return readingFailure('This PDF could not be read: it may be damaged or password-protected.', async () => {
    // verbosity 0: pdf.js would otherwise print warnings about damaged files to the console.
    const pdf = await getDocumentProxy(data, { verbosity: 0 });
    try {
      const { totalPages, text } = await extractText(pdf, { mergePages: true });
      return { text, pages: totalPages };
    } finally {
      await pdf.destroy();
    }
  });
}
