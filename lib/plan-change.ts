import { formatBytes } from './format-bytes';
import type { OverLimit, PlanChange, PlanChangeRights, PlanLimitName } from './contract/billing';
import { planAbove, planRank, type Plan, type PlanCode, type PlanLimits } from './plans';

/*
 * Moving a hub from one plan to another, worked out once for the server, the
 * mock and the web app: what changes, and what of the hub's usage would not
 * fit the new plan. A change never deletes anything: usage that does not fit
 * refuses it, with what to clear first.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "You have 7 spaces; Free allows 5. Archive 2 spaces first." */
function overLimitMessage(limit: PlanLimitName, used: number, allowed: number, plan: Plan): string {
  const extra = used - allowed;
  switch (limit) {
    case 'members':
      return `You have ${plural(used, 'member')}; ${plan.name} allows ${allowed}. Remove ${plural(extra, 'member')} first.`;
    case 'spaces':
      return `You have ${plural(used, 'space')}; ${plan.name} allows ${allowed}. Archive ${plural(extra, 'space')} first.`;
    case 'storage_bytes':
      return `You use ${formatBytes(used)} of storage; ${plan.name} allows ${formatBytes(allowed)}. Delete ${formatBytes(extra)} of files first.`;
  }
}

const limitNames: PlanLimitName[] = ['members', 'spaces', 'storage_bytes'];

/** The limits of `plan` that `usage` goes over. */
export function overLimits(plan: Plan, usage: PlanLimits): OverLimit[] {
  return limitNames
    .filter((limit) => usage[limit] > plan.limits[limit])
    .map((limit) => ({
      limit, used: usage[limit], allowed: plan.limits[limit], message: overLimitMessage(limit, usage[limit], plan.limits[limit], plan),
    }));
}

/** Moving to a larger plan is an upgrade, to a smaller one a downgrade. */
export const directionOf = (from: PlanCode, to: PlanCode): PlanChange['direction'] =>
  planRank(to) > planRank(from) ? 'upgrade' : 'downgrade';

const summary = (plan: Plan) => ({ code: plan.code, name: plan.name, price: plan.price, interval: plan.interval, limits: plan.limits });

/** What moving from `from` to `to` (another plan) changes, given what the hub uses now. */
export function planChangeOf(opts: { from: Plan; to: Plan; usage: PlanLimits }): PlanChange {
  const { from, to, usage } = opts;
  return {
    from: summary(from),
    to: summary(to),
    direction: directionOf(from.code, to.code),
    usage,
    over_limits: overLimits(to, usage),
  };
}

/** The refusal of a change the usage does not fit: every limit's sentence in one. */
export const overLimitsSentence = (limits: OverLimit[]) =>
  `The hub uses more than that plan allows, and nothing is deleted to make it fit. ${limits.map((l) => l.message).join(' ')}`;

/** Who the caller should ask to change the plan: "Lin Chen", or the server's billing administrators. */
function planDecider(rights: PlanChangeRights, owner: { name: string } | null): string {
  if (rights.by === 'administrator') return rights.administrators.join(' or ');
  return owner?.name ?? 'the hub owner';
}

/** Told to whoever may not change the plan: "Ask Lin Chen to change the plan." */
export function planChangeRefusal(rights: PlanChangeRights, owner: { name: string } | null): string {
  if (rights.by === 'administrator') return `Plans on this server are set by ${rights.administrators.join(', ')}.`;
  return `Ask ${planDecider(rights, owner)} to change the plan.`;
}

/**
 * What to do about a full plan, written for the reader: "Upgrade to Team on
 * the Billing page." for whoever may change the plan, "Ask Lin Chen to
 * upgrade the plan." for everyone else.
 */
export function upgradeAdvice(opts: { plan: Plan; rights: PlanChangeRights; owner: { name: string } | null }): string {
  const next = planAbove(opts.plan.code);
  if (!next) return '';
  if (opts.rights.allowed) return `Upgrade to ${next.name} on the Billing page.`;
  return `Ask ${planDecider(opts.rights, opts.owner)} to upgrade the plan.`;
}
