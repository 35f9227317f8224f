import type { Template } from '../../../lib/contract/templates';
import type { Role } from '../../../lib/contract/settings';
import { templateAbilities } from '../../../lib/policies/abilities';
import type { TemplateRecord } from './find-template';

/** A template as the API answers it, with what the viewer's hub role lets them do with it. */
export function presentTemplate(template: TemplateRecord, role: Role): Template {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    fields: template.fields,
    built_in: template.builtIn,
    archived: template.archivedAt !== null,
    version: template.version,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
    abilities: templateAbilities(role, template.builtIn),
  };
}
