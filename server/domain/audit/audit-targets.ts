/*
 * How audit events name what they were done to (`data.target`), and the
 * space an event inside a space belongs to (`data.space`). Names are copied
 * in, so the trail still reads right after a rename or a removal.
 */

export type AuditTarget = { kind: 'hub' | 'space' | 'member' | 'invitation' | 'content' | 'meeting' | 'session' | 'template'; id: string; name?: string };

export const hubTarget = (hub: { id: string; name: string }): AuditTarget => ({ kind: 'hub', id: hub.id, name: hub.name });
export const spaceTarget = (space: { id: string; name: string }): AuditTarget => ({ kind: 'space', id: space.id, name: space.name });
export const templateTarget = (template: { id: string; name: string }): AuditTarget => ({ kind: 'template', id: template.id, name: template.name });
export const memberTarget = (member: { id: string; name: string }): AuditTarget => ({ kind: 'member', id: member.id, name: member.name });
const invitationTarget = (invitation: { id: string; email: string }): AuditTarget =>
  ({ kind: 'invitation', id: invitation.id, name: invitation.email });

/** The space an event happened in, for events about something inside it. */
export const spaceOf = (space: { id: string; name: string }) => ({ id: space.id, name: space.name });

/** What an invitation event records: the invitation, its address and role, and its space when it invites into one. */
export function invitationData(
  invitation: { id: string; email: string; role: string; spaceId: string | null },
  spaceName?: string | null,
): Record<string, unknown> {
  const space = invitation.spaceId && typeof spaceName === 'string' ? { space: spaceOf({ id: invitation.spaceId, name: spaceName }) } : {};
  return { target: invitationTarget(invitation), email: invitation.email, role: invitation.role, ...space };
}
