import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents, formTemplates } from '../../db/schema';
import { AppError, conflict, forbidden } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import type { Template, TemplateField } from '../../../lib/contract/templates';
import { templateChangeErrors, templateEditConflictMessage, templateNameTakenMessage } from '../../../lib/validation/template-changes';
import { recordAuditEvent } from '../audit/record-audit-event';
import { templateTarget } from '../audit/audit-targets';
import { requestReindex } from '../records/save-records';
import type { ClientInfo } from '../sessions/create-session';
import { contactTemplate, findTemplate } from './find-template';
import { presentTemplate } from './present-template';

const nameTaken = (name: string) => conflict(templateNameTakenMessage(name), 'conflict', { name: [templateNameTakenMessage(name)] });

/** Names are unique in a hub whatever their case, the built-in template's included. */
async function assertNameFree(db: Database, hubId: string, name: string, exceptId?: string) {
  if (name.toLowerCase() === contactTemplate.name.toLowerCase()) throw nameTaken(name);
  const [taken] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(and(
      eq(formTemplates.hubId, hubId),
      sql`lower(${formTemplates.name}) = lower(${name})`,
      exceptId ? ne(formTemplates.id, exceptId) : undefined,
    ))
    .limit(1);
  if (taken) throw nameTaken(name);
}

// Two requests may pass the check at once: the unique index decides, and the loser hears the same 409.
async function unlessNameRace<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause.code === '23505') throw nameTaken(name);
    throw error;
  }
}

export async function createTemplate(opts: {
  db: Database;
  viewer: SpaceViewer;
  template: { name: string; description: string; fields: TemplateField[] };
  client?: ClientInfo;
}): Promise<Template> {
  const { viewer, template } = opts;
  return unlessNameRace(template.name, () => opts.db.transaction(async (tx) => {
    await assertNameFree(tx, viewer.hubId, template.name);
    const [row] = await tx.insert(formTemplates).values({ ...template, hubId: viewer.hubId, createdBy: viewer.userId }).returning();
    const created = { ...row!, builtIn: false };
    await recordAuditEvent({
      db: tx, type: 'template_created', hubId: viewer.hubId, actorId: viewer.userId, client: opts.client, data: { target: templateTarget(created) },
    });
    return presentTemplate(created, viewer.hubRole);
  }));
}

/**
 * Changes a template on top of the version the editor started from. Saved
 * fields keep their type and are only ever marked removed (422 otherwise),
 * so every record already saved still reads; the record tables made from
 * it are re-indexed with the new labels and fields.
 */
export async function updateTemplate(opts: {
  db: Database;
  viewer: SpaceViewer;
  templateId: string;
  change: { version: number; name?: string; description?: string; fields?: TemplateField[]; archived?: boolean };
  client?: ClientInfo;
}): Promise<Template> {
  const { viewer, change } = opts;
  return unlessNameRace(change.name ?? '', () => opts.db.transaction(async (tx) => {
    const template = await findTemplate({ db: tx, hubId: viewer.hubId, templateId: opts.templateId, lock: true });
    if (template.builtIn) throw forbidden('The built-in contact template cannot be changed.');
    if (change.version !== template.version) throw conflict(templateEditConflictMessage, 'edit_conflict');
    if (change.fields) {
      const errors = templateChangeErrors(template.fields, change.fields);
      const messages = Object.values(errors).flat();
      if (messages.length) throw new AppError(422, 'validation_error', messages[0]!, { ...errors, fields: messages });
    }
    if (change.name !== undefined && change.name.toLowerCase() !== template.name.toLowerCase()) {
      await assertNameFree(tx, viewer.hubId, change.name, template.id);
    }
    const archivedAt = change.archived === undefined ? template.archivedAt : change.archived ? (template.archivedAt ?? new Date()) : null;
    const [row] = await tx
      .update(formTemplates)
      .set({
        name: change.name ?? template.name,
        description: change.description ?? template.description,
        fields: change.fields ?? template.fields,
        archivedAt,
        version: template.version + 1,
        updatedAt: sql`now()`,
      })
      .where(and(eq(formTemplates.hubId, viewer.hubId), eq(formTemplates.id, template.id)))
      .returning();
    const updated = { ...row!, builtIn: false };
    const audit = { db: tx, hubId: viewer.hubId, actorId: viewer.userId, client: opts.client, data: { target: templateTarget(updated) } };
    const changed = (['name', 'description', 'fields'] as const).filter((key) => change[key] !== undefined && JSON.stringify(change[key]) !== JSON.stringify(template[key]));
    if (changed.length) await recordAuditEvent({ ...audit, type: 'template_updated', data: { ...audit.data, changes: changed } });
    if ((archivedAt === null) !== (template.archivedAt === null)) await recordAuditEvent({ ...audit, type: archivedAt ? 'template_archived' : 'template_restored' });
    if (change.fields) {
      const tables = await tx
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.hubId, viewer.hubId), eq(contents.source, 'records'), sql`${contents.details}->>'template_id' = ${template.id}`));
      for (const table of tables) await requestReindex({ db: tx, hubId: viewer.hubId, contentId: table.id });
    }
    return presentTemplate(updated, viewer.hubRole);
  }));
}
