import { readFile } from 'node:fs/promises';
import { parseOfficeAsync } from 'officeparser';
import { readingFailure } from '../processing-failure';
import { checkZipArchive } from './check-zip-archive';

const unreadable: Record<'docx' | 'pptx', string> = {
  docx: 'This Word document could not be read: it may be damaged or password-protected.',
  pptx: 'This PowerPoint presentation could not be read: it may be damaged or password-protected.',
};

/** The text of a Word document or a PowerPoint deck (slides with their notes). */
export async function readOfficeText(filePath: string, format: 'docx' | 'pptx'): Promise<string> {
  await checkZipArchive(filePath, unreadable[format]);
  // A buffer, not the path: officeparser picks its parser from a path's extension, and storage keys have none.
  const data = await readFile(filePath);
  return readingFailure(unreadable[format], () => parseOfficeAsync(data, { newlineDelimiter: '\n' }));
}
