import type { MyOrganization } from '@/lib/contract/organizations';

/** Placeholder: being built. */
export function HubTwoFactorPolicy({ hub }: { hub: MyOrganization }) {
  void hub;
  return null;
}
