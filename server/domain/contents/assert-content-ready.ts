import { AppError } from '../../lib/errors';
import type { ContentRow } from './content-view';

/** What processing makes (text, rows, a parsed email) exists only once an item is ready. */
export function assertContentReady(content: Pick<ContentRow, 'status' | 'failureReason'>): void {
  if (content.status === 'ready') return;
  const message = content.status !== 'failed'
    ? 'This content is still being processed. Try again in a moment.'
    : content.failureReason
      ? `This content could not be processed: ${content.failureReason}`
      : 'This content could not be processed.';
  throw new AppError(422, 'content_not_ready', message);
}
