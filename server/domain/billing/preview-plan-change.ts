import type { Database } from '../../db/connect';
import type { PlanChange } from '../../../lib/contract/billing';
import { planChangeOf } from '../../../lib/plan-change';
import { plans, type PlanCode } from '../../../lib/plans';
import { conflict } from '../../lib/errors';
import type { HubRow } from '../../types';
import { getPlanUsage } from './get-plan-usage';
import { getSubscription } from './get-subscription';

/** What moving the hub to `plan` would change, and which of its usage would not fit (409 when it is on that plan already). */
export async function previewPlanChange(opts: { db: Database; organization: HubRow; plan: PlanCode }): Promise<PlanChange> {
  const { db, organization } = opts;
  // One after the other: a plan change passes its transaction, which has a single connection.
  const { plan: from } = await getSubscription({ db, organization });
  if (from.code === opts.plan) throw conflict(`The hub is already on the ${from.name} plan.`);
  const usage = await getPlanUsage({ db, hubId: organization.id });
  return planChangeOf({ from, to: plans[opts.plan], usage });
}
