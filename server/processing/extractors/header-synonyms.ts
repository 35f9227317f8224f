import type { ContactFieldName } from '../../../lib/contract/contents';

/** Header words that mean each contact field, compared after `normaliseHeader`. */
export const CONTACT_SYNONYMS: Record<ContactFieldName, string[]> = {
  name: ['name', 'full name', 'contact name', 'contact', 'person'],
  email: ['email', 'e mail', 'email address', 'e mail address', 'mail'],
  contact_number: ['contact number', 'phone', 'phone number', 'mobile', 'mobile number', 'tel', 'telephone', 'cell', 'contact no', 'number'],
  occupation: ['occupation', 'job title', 'title', 'job', 'role', 'position', 'designation', 'profession'],
  company_name: ['company name', 'company', 'organisation', 'organization', 'employer', 'business'],
  address: ['address', 'postal address', 'street address', 'location'],
  about: ['about', 'notes', 'note', 'description', 'bio', 'comments'],
};

/** A column header (or a field's key or label) as headers are compared: lower case, punctuation and underscores as single spaces. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
