import type { HttpHandler } from 'msw';
import type { MockDb } from '../state';

/** form-templates/…: the hub's form templates, kept in the mock's state. */
export function templateHandlers(db: MockDb): HttpHandler[] {
  void db;
  return [];
}
