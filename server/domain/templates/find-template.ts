import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { formTemplates } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { CONTACT_TEMPLATE_ID, contactTemplateFields, type TemplateField } from '../../../lib/contract/templates';
import { isUuid } from '../spaces/is-uuid';

/** A template as the server works with it: a hub's row, or the built-in contact template. */
export interface TemplateRecord {
  id: string;
  name: string;
  description: string;
  fields: TemplateField[];
  builtIn: boolean;
  archivedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

// The built-in template never changes: its dates are the day it shipped.
const SHIPPED = new Date('2026-11-26T00:00:00Z');

export const contactTemplate: TemplateRecord = {
  id: CONTACT_TEMPLATE_ID,
  name: 'Contact',
  description: 'The contact form: name, email, contact number, occupation, company, address and about.',
  fields: contactTemplateFields.map((field) => ({ ...field })),
  builtIn: true,
  archivedAt: null,
  version: 1,
  createdAt: SHIPPED,
  updatedAt: SHIPPED,
};

/** One template of the viewer's hub (or the built-in one): 404 for another hub's or a missing one. */
export async function findTemplate(opts: { db: Database; hubId: string; templateId: string; lock?: boolean }): Promise<TemplateRecord> {
  if (opts.templateId === CONTACT_TEMPLATE_ID) return contactTemplate;
  if (!isUuid(opts.templateId)) throw notFound('That template');
  const query = opts.db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.hubId, opts.hubId), eq(formTemplates.id, opts.templateId)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('That template');
  return { ...row, builtIn: false };
}
