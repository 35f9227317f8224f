import type { Database } from '../../db/connect';
import { contactFields, type Contact, type ContentItem } from '../../../lib/contract/contents';
import type { SpaceViewer } from '../../policies/spaces';
import { addWrittenContent } from './add-written-content';
import type { ContentPresenter } from './content-view';

/** Adds a contact from the contact form: its fields as details, and as "Label: value" lines for reading and search. */
export async function createContact(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contact: Contact;
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  const filled = contactFields.flatMap((field) => {
    const value = opts.contact[field.name];
    // Every contact field holds text; a field left empty is null and left out.
    return typeof value === 'string' ? [{ field, value }] : [];
  });
  return addWrittenContent({
    ...opts,
    item: {
      kind: 'contact',
      source: 'form',
      name: String(opts.contact.name),
      body: filled.map(({ field, value }) => `${field.label}: ${value}`).join('\n'),
      details: { contact: Object.fromEntries(filled.map(({ field, value }) => [field.name, value])) },
    },
  });
}
