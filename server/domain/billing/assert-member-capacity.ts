import type { Database } from '../../db/connect';
import { AppError } from '../../lib/errors';
import type { HubRow } from '../../types';
import { countMembers } from '../hubs/present-hub';
import { getSubscription } from './get-subscription';

/** Refuses one more member when the hub's plan is full (HTTP 422, code plan_limit). */
export async function assertMemberCapacity(opts: { db: Database; organization: HubRow }): Promise<void> {
  // One after the other: callers pass a transaction, which has a single connection.
  const { plan } = await getSubscription(opts);
  const members = await countMembers({ db: opts.db, hubId: opts.organization.id });
  if (members >= plan.limits.members) {
    throw new AppError(
      422,
      'plan_limit',
      `This hub has reached the ${plan.name} plan's limit of ${plan.limits.members} members. Ask the hub owner to upgrade the plan.`,
    );
  }
}
