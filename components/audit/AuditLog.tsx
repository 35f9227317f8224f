import type { MyOrganization } from '@/lib/contract/organizations';

/** Placeholder: being built. */
export function AuditLog({ hub }: { hub: MyOrganization }) {
  void hub;
  return null;
}
