import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { SpaceViewer } from '../../policies/spaces';
import { spaceOf } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { storageKeysOf } from './content-storage-keys';
import { contentInSpace, findSpaceContent } from './find-space-content';

/**
 * Deletes an item (delete_content in its space): its row (its parsed
 * rows go with it, by the foreign key), then its files. The row goes first:
 * a crash in between leaves files no row points at, never a row whose file
 * is gone. Files that are already missing, or cannot be removed, do not undo
 * the delete; they are only wasted space.
 */
export async function deleteContent(opts: {
  db: Database;
  storage: Storage;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  client: ClientInfo;
}): Promise<{ name: string }> {
  const content = await opts.db.transaction(async (tx) => {
    const { access, row } = await findSpaceContent({ ...opts, db: tx, ability: 'delete_content' });
    await tx
      .delete(contents)
      .where(contentInSpace({ hubId: row.content.hubId, spaceId: row.content.spaceId, contentId: row.content.id }));
    await recordAuditEvent({
      db: tx, type: 'content_deleted', hubId: row.content.hubId, actorId: opts.viewer.userId, client: opts.client,
      data: {
        target: { kind: 'content', id: row.content.id, name: row.content.name }, content_kind: row.content.kind, space: spaceOf(access.space),
      },
    });
    return row.content;
  });
  await Promise.allSettled(storageKeysOf(content).map((key) => opts.storage.delete(key)));
  return { name: content.name };
}
