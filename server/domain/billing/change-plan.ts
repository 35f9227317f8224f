import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { hubs, subscriptions } from '../../db/schema';
import type { PlanChange, PlanChangeResult } from '../../../lib/contract/billing';
import { overLimitsSentence, planChangeRefusal } from '../../../lib/plan-change';
import { planFor, plans, type PlanCode } from '../../../lib/plans';
import { planChangeRights } from '../../../lib/policies/plan-change';
import { AppError, forbidden } from '../../lib/errors';
import type { HubContext, UserRow } from '../../types';
import { hubTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findHubOwner } from './find-hub-owner';
import { getSubscriptionDetail } from './get-subscription-detail';
import { previewPlanChange } from './preview-plan-change';
import { billingSetupOf, paymentsProviderFor } from './payments/payments-provider-for';

/** A change the hub's usage does not fit is refused (422 plan_limit), each limit under its own key: nothing is ever deleted to fit. */
function assertFits(change: PlanChange): void {
  if (change.over_limits.length === 0) return;
  throw new AppError(
    422,
    'plan_limit',
    overLimitsSentence(change.over_limits),
    Object.fromEntries(change.over_limits.map((over) => [over.limit, [over.message]])),
  );
}

/**
 * Moves the hub to another plan, for whoever planChangeRights allows. The
 * payments provider applies it at once or sends the payer to pay first; an
 * applied change is checked again under the hub's lock (a space may have
 * been added since), saved, and recorded in the audit trail.
 */
export async function changePlan(opts: {
  db: Database;
  config: Config;
  hub: HubContext;
  user: UserRow;
  plan: PlanCode;
  client: ClientInfo;
}): Promise<PlanChangeResult> {
  const { db, hub, user } = opts;
  const { organization } = hub;
  const rights = planChangeRights({ role: hub.role, email: user.email, setup: billingSetupOf(opts.config) });
  if (!rights.allowed) {
    const refusal = planChangeRefusal(rights, await findHubOwner({ db, hubId: organization.id }));
    throw forbidden(rights.by === 'owner' ? `Only the hub owner can change the plan. ${refusal}` : refusal);
  }

  const planned = await previewPlanChange({ db, organization, plan: opts.plan });
  assertFits(planned);
  const provider = paymentsProviderFor(opts.config);
  // Outside the transaction: a provider may call out to its service.
  const start = await provider.startChange({ hub: organization, from: planFor(planned.from.code), to: plans[opts.plan], payer: user });
  if (!start.applied) return { outcome: 'redirect', redirect_url: start.redirectUrl };

  await db.transaction(async (tx) => {
    // The same lock space creation takes, so a downgrade and a new space cannot both pass their checks.
    await tx.select({ id: hubs.id }).from(hubs).where(eq(hubs.id, organization.id)).for('update');
    const change = await previewPlanChange({ db: tx, organization, plan: opts.plan });
    assertFits(change);
    const values = { planCode: change.to.code, status: 'active', metadata: start.metadata, startedAt: new Date() };
    await tx
      .insert(subscriptions)
      .values({ hubId: organization.id, ...values })
      .onConflictDoUpdate({ target: subscriptions.hubId, set: values });
    await recordAuditEvent({
      db: tx, type: 'plan_changed', hubId: organization.id, actorId: user.id, client: opts.client,
      data: { target: hubTarget(organization), from: change.from.code, to: change.to.code, provider: provider.name },
    });
  });
  return { outcome: 'applied', subscription: await getSubscriptionDetail({ db, config: opts.config, hub, user }) };
}
