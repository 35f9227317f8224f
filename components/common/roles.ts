import type { Role } from '@/lib/contract/settings';

export const roleLabels: Record<Role, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export const roleOptions = (Object.keys(roleLabels) as Role[]).map((value) => ({ value, label: roleLabels[value] }));
