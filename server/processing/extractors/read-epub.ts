import { EPub } from 'epub2';
import { readingFailure } from '../processing-failure';
import { checkZipArchive } from './check-zip-archive';
import { htmlToText } from './read-html';

const UNREADABLE = 'This e-book could not be read: it may be damaged or protected.';

/** An e-book's text, chapters in reading order. */
export async function readEpub(filePath: string): Promise<string> {
  await checkZipArchive(filePath, UNREADABLE);
  return readingFailure(UNREADABLE, async () => {
    const book = await EPub.createAsync(filePath);
    const chapters: string[] = [];
    for (const chapter of book.flow) {
      if (chapter.id) chapters.push(htmlToText(await book.getChapterAsync(chapter.id)));
    }
    return chapters.join('\n\n');
  });
}
