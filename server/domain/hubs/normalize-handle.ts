import { HANDLE_MAX, HANDLE_PATTERN } from '../../../lib/validation/fields';

/**
 * A handle from a path, header or body, ready for lookup: trimmed and
 * lowercased (handles are stored lowercased). Strings that cannot be a
 * handle give null, so they answer "not found" without reaching the database.
 */
export function normalizeHandle(raw: string): string | null {
  const handle = raw.trim().toLowerCase();
  return handle.length <= HANDLE_MAX && HANDLE_PATTERN.test(handle) ? handle : null;
}
