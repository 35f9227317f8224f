/** A record table's page; with `recordId` it opens on that record (a search result). */
export function recordTablePath(spaceId: string, tableId: string, opts: { recordId?: string; importFrom?: string } = {}): string {
  const query = new URLSearchParams({
    ...(opts.recordId ? { record: opts.recordId } : {}),
    ...(opts.importFrom ? { import_from: opts.importFrom } : {}),
  }).toString();
  return `/spaces/${encodeURIComponent(spaceId)}/tables/${encodeURIComponent(tableId)}${query ? `?${query}` : ''}`;
}
