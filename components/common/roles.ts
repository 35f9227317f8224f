import type { BadgeStatus } from '@/lib/constants';
import type { Role } from '@/lib/contract/settings';

export const roleLabels: Record<Role, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export const roleOptions = (Object.keys(roleLabels) as Role[]).map((value) => ({ value, label: roleLabels[value] }));

/** Each role's one colour, the same on every page: owners in the brand colour, editors green, viewers plain. */
export const roleBadge: Record<Role, BadgeStatus | 'neutral'> = { owner: 'info', editor: 'success', viewer: 'neutral' };

/** "an owner", "an editor", "a viewer": a role inside a sentence. */
export const roleWithArticle = (role: Role): string => `${role === 'viewer' ? 'a' : 'an'} ${roleLabels[role].toLowerCase()}`;
