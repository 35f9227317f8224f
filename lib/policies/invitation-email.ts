/** "ada@example.com" → "a•••@example.com": enough for the invitee to recognise their own address, too little to write to it. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * The invited address as an invitation's preview shows it. Anyone holding
 * the link may open the preview, and links get forwarded: only the invitee,
 * signed in as that address, sees it in full (null: not signed in).
 */
export const invitedEmailFor = (invited: string, viewerEmail: string | null): string =>
  viewerEmail !== null && viewerEmail.toLowerCase() === invited.toLowerCase() ? invited : maskedEmail(invited);
