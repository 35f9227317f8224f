import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaces } from '../../db/schema';
import type { AuditEvent } from '../../../lib/contract/audit';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { isUuid } from '../spaces/is-uuid';

type Data = Record<string, unknown>;
const record = (value: unknown): Data | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : undefined;

/** The space an event is about (`data.target` of kind space) or happened in (`data.space`). */
function spaceIdOf(event: AuditEvent): string | null {
  const target = record(event.data.target);
  const id = target?.kind === 'space' ? target.id : record(event.data.space)?.id;
  return typeof id === 'string' && isUuid(id) ? id : null;
}

const withoutName = (value: unknown) => {
  const ref = record(value);
  if (!ref) return value;
  const { name: _name, ...rest } = ref;
  return rest;
};

/**
 * A shared space is seen by its members only, hub owners included (see
 * docs/permissions.md), so the audit log does not name it to an owner who is
 * not in it: events about such a space, or about items in it, keep their
 * kind, people and roles but lose the names and the changed texts.
 */
export async function redactHiddenSpaces(opts: { db: Database; viewer: SpaceViewer; events: AuditEvent[] }): Promise<AuditEvent[]> {
  const ids = [...new Set(opts.events.map(spaceIdOf).filter((id): id is string => id !== null))];
  if (ids.length === 0) return opts.events;
  const visible = new Set(
    (await opts.db.select({ id: spaces.id }).from(spaces).where(and(inArray(spaces.id, ids), visibleSpacesCondition(opts.viewer))))
      .map((row) => row.id),
  );
  return opts.events.map((event) => {
    const id = spaceIdOf(event);
    if (id === null || visible.has(id)) return event;
    const { changes: _changes, ...data } = event.data;
    const target = record(data.target)?.kind === 'invitation' ? data.target : withoutName(data.target);
    return { ...event, data: { ...data, target, ...(data.space ? { space: withoutName(data.space) } : {}) } };
  });
}
