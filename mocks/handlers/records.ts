import type { HttpHandler } from 'msw';
import type { MockDb } from '../state';

/** Record tables and their records, kept in the mock's state. */
export function recordHandlers(db: MockDb): HttpHandler[] {
  void db;
  return [];
}
