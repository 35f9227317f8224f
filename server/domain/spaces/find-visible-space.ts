import { and, eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connect';
import { spaces } from '../../db/schema';
import type { SpaceRequirement } from '../../../lib/contract/endpoint';
import {
  authorizeInSpace, effectiveSpaceRole, memberRoleColumn, visibleSpacesCondition, type SpaceAccess, type SpaceViewer,
} from '../../policies/spaces';
import { spaceNotFound } from './get-space';
import { isUuid } from './is-uuid';

/**
 * The space a request is about, with the viewer's standing in it; 404 when
 * the viewer cannot see it. Inside a transaction the row is locked, so writes
 * to one space (and its last-owner checks) happen one after another. Outside
 * one a lock would end with the statement, yet still write the row and queue
 * concurrent readers of the same space behind each other, so reads take none.
 * Adding items takes a shared lock: it keeps the space from being archived or
 * changed meanwhile, but items added by several people at once do not wait
 * for each other. Given an ability, it is refused unless the viewer has it
 * (authorizeInSpace): route() checks an endpoint's before reading its input,
 * and a write checks it again under its lock, as the space may have been
 * archived, left or changed in between.
 */
export async function findVisibleSpace(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  lock?: 'update' | 'share';
  ability?: SpaceRequirement;
}): Promise<SpaceAccess> {
  if (!isUuid(opts.spaceId)) throw spaceNotFound();
  const query = opts.db
    .select({ space: spaces, memberRole: memberRoleColumn(opts.viewer) })
    .from(spaces)
    .where(and(eq(spaces.id, opts.spaceId), visibleSpacesCondition(opts.viewer)))
    .limit(1)
    .$dynamic();
  const [row] = await (opts.db instanceof PgTransaction ? query.for(opts.lock ?? 'update') : query);
  if (!row) throw spaceNotFound();
  const access = { ...row, role: effectiveSpaceRole(row.space, row.memberRole, opts.viewer) };
  if (opts.ability) authorizeInSpace(access, opts.viewer, opts.ability);
  return access;
}
