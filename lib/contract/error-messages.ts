import type { SecondFactorMethod } from './auth';

/*
 * The API's error sentences the mock backend answers with too: the
 * failures every endpoint can give, and the ones the mock's own state
 * decides (a wrong code, an unknown link).
 */

const tries = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left`;

export const errorMessages = {
  unauthenticated: 'Please sign in to continue.',
  invalidSession: 'Your session is not valid. Please sign in again.',
  /** A hub-scoped request from someone with no Org-Handle and no active hub. */
  chooseHubFirst: 'Choose a hub first.',
  /** A body that is not JSON at all. */
  unreadableRequest: 'The request could not be read.',
  forbidden: 'You do not have permission to do that.',
  /** `what` names the thing: "That space", "That member of the hub". */
  notFound: (what = 'That') => `${what} was not found.`,
  /** A sign-in with an unknown email, a wrong password or an unverified account: one answer for all. */
  invalidCredentials: 'The email or password is incorrect.',
  wrongCurrentPassword: 'The current password is incorrect.',
  passkeyNotAccepted: 'That passkey was not accepted. Try again, or sign in with your password.',
  googleNotVerified: 'Google sign-in could not be verified. Please try again.',
  /** A wrong emailed code, with the tries its address has left (more than none). */
  codeIncorrect: (left: number) => `The code is incorrect. You have ${tries(left)}.`,
  codeExhausted: 'Too many wrong tries for this code. Please request a new one.',
  codeExpired: 'This code has expired. Please request a new one.',
  invalidResetLink: 'This reset link is invalid or has expired. Please ask for a new one.',
  alreadyYourEmail: 'This is already your email address.',
  noEmailChangeWaiting: 'There is no email change waiting. Please ask for a new code.',
  /** The new address found an account between the request and its code. */
  emailTakenMeanwhile: 'This address is now used by another account. Please choose another one.',
  /** The second step of a sign-in: its token unknown, used or expired. */
  signInExpired: 'This sign-in has expired. Please sign in again.',
  /** A wrong second-step proof, with the tries the pending sign-in has left (more than none). */
  secondFactorRefused: (method: SecondFactorMethod, left: number) => {
    const refused = { totp: 'That code is not right.', recovery_code: 'That recovery code is not valid or was already used.', passkey: 'That passkey was not accepted.' };
    return `${refused[method]} ${tries(left)}.`;
  },
  secondFactorExhausted: 'Too many wrong attempts. Please sign in again.',
  /** Turning the authenticator app on without a set-up in progress, or with a wrong code. */
  totpSetupMissing: 'Start the set-up again: scan the new QR code, then enter the code it shows.',
  totpWrongCode: 'That code is not right. Enter the newest code your app shows, and check the time on your phone is set automatically.',
  /** The fresh proof a two-factor setting asks for: its parts missing, or wrong. */
  proofPasswordMissing: 'Please enter your password to confirm it is you.',
  proofSecondFactorMissing: 'Please confirm with your second factor too: a code from your authenticator app, a recovery code, or your passkey.',
  proofWrongPassword: 'The password is incorrect.',
  proofWrongCode: 'That code is not right, or it was already used. Enter the newest code from your authenticator app, or an unused recovery code.',
  proofPasskeyNotAccepted: 'That passkey was not accepted. Try again, or enter a code instead.',
  /** A meeting socket's message that is not one of the protocol's, or one sent before joining. */
  unreadableMessage: 'That message could not be read.',
  joinFirst: 'Send a join message first.',
  /** A WebSocket or a sign-out a page of another site started: refused before it does anything. */
  crossSiteRequest: 'This request did not come from Convene itself, so it was refused.',
  chooseFile: 'Please choose a file to upload.',
  /** A signed file address that is not one the API made. */
  invalidFileLink: 'This link is not valid.',
  /** A record table asked for with a template the hub does not have. */
  templateMissing: 'That template does not exist',
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
