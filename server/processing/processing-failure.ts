/**
 * Why a file could not be processed, in words the person who uploaded it can
 * act on. Extractors throw it; the message becomes the item's failure_reason.
 * Anything else thrown while reading a file is turned into the extractor's
 * own plain reason (see `readingFailure`), never shown raw.
 */
export class ProcessingFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ProcessingFailure';
  }
}

/** Runs `read`; a library error (damaged file, unexpected structure) becomes `reason`. */
export async function readingFailure<T>(reason: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ProcessingFailure) throw error;
    throw new ProcessingFailure(reason);
  }
}

/** The same for rows read one by one: a library error while reading any of them becomes `reason`. */
export async function* readingFailures<T>(reason: string, rows: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* rows;
  } catch (error) {
    if (error instanceof ProcessingFailure) throw error;
    throw new ProcessingFailure(reason);
  }
}

export const failureReasons = {
  timeout: 'This file took too long to process.',
  memory: 'This file needs more memory to process than the server allows.',
  crashed: 'Something went wrong while reading this file. Please try uploading it again.',
  unreadable: 'This file could not be read: it may be damaged or in a form that cannot be opened.',
  keptFailing: 'Processing kept failing on this file.',
  missing: 'The uploaded file is missing. Please upload it again.',
  unsupported: 'Files of this type cannot be processed.',
  saving: 'What was read from this file could not be saved. Please try uploading it again.',
} as const;
