import { roleOperations } from '@/lib/basic-settings';
import type { Operation, Role } from '@/lib/contract/settings';

export const roleLabels: Record<Role, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export const roleOptions = (Object.keys(roleLabels) as Role[]).map((value) => ({ value, label: roleLabels[value] }));

/**
 * Whether a role may do an operation (design §5), to decide which actions to
 * show. The API checks again; this only keeps people from buttons that would fail.
 */
export const may = (role: Role | null | undefined, operation: Operation): boolean =>
  Boolean(role && roleOperations[role].includes(operation));
