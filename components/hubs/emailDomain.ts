import { PUBLIC_EMAIL_DOMAINS } from '@/lib/contract/hubs';

/** The domain a hub could open itself to for this email, or '' for public mailbox providers. */
export function organisationDomainOf(email: string): string {
  const domain = email.split('@')[1]?.trim().toLowerCase() ?? '';
  return PUBLIC_EMAIL_DOMAINS.has(domain) ? '' : domain;
}
