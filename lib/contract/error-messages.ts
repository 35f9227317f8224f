/*
 * The API's general error sentences, for the failures every endpoint can
 * give. The mock backend answers with the same ones.
 */
export const errorMessages = {
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  /** `what` names the thing: "That space", "That member of the hub". */
  notFound: (what = 'That') => `${what} was not found.`,
  /** A sign-in with an unknown email, a wrong password or an unverified account: one answer for all. */
  invalidCredentials: 'The email or password is incorrect.',
  wrongCurrentPassword: 'The current password is incorrect.',
  passkeyNotAccepted: 'That passkey was not accepted. Try again, or sign in with your password.',
  chooseFile: 'Please choose a file to upload.',
  /** A record update made on top of a version someone else has since changed. */
  recordEditConflict: 'Someone else changed this record while you were editing. Your change was not saved; the current values are shown.',
  /** A hub handle someone else has. */
  handleTaken: 'That handle is already taken',
  /** Unknown, expired, used and cancelled invitation links all answer this. */
  invalidInvitationLink: 'This invitation link is not valid. It may have expired, been used or been cancelled; ask for a new invitation.',
  /** Text, rows or an email asked of an item that is not ready: still in processing, or failed (with its reason). */
  contentNotReady: (content: { status: string; failureReason: string | null }) =>
    content.status !== 'failed'
      ? 'This content is still being processed. Try again in a moment.'
      : content.failureReason
        ? `This content could not be processed: ${content.failureReason}`
        : 'This content could not be processed.',
} as const;
