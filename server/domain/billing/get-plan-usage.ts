import type { Database } from '../../db/connect';
import type { PlanLimits } from '../../../lib/plans';
import { getStorageUsage } from '../contents/get-storage-usage';
import { countMembers } from '../hubs/present-hub';
import { countActiveSpaces } from './count-active-spaces';

/** What the hub uses of each plan limit: members, active spaces and stored bytes. */
export async function getPlanUsage(opts: { db: Database; hubId: string }): Promise<PlanLimits> {
  // One after the other: a plan change passes its transaction, which has a single connection.
  const members = await countMembers(opts);
  const spaces = await countActiveSpaces(opts);
  const storageBytes = await getStorageUsage(opts);
  return { members, spaces, storage_bytes: storageBytes };
}
