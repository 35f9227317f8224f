import { errorMessages } from '../../../lib/contract/error-messages';
import { AppError } from '../../lib/errors';
import type { ContentRow } from './content-view';

/** What processing makes (text, rows, a parsed email) exists only once an item is ready. */
export function assertContentReady(content: Pick<ContentRow, 'status' | 'failureReason'>): void {
  if (content.status === 'ready') return;
  throw new AppError(422, 'content_not_ready', errorMessages.contentNotReady(content));
}
