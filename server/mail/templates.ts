import type { MailMessage } from './mailer';
import { composeMail } from './layout';

/*
 * Every email the product sends, in its words, each laid out by composeMail.
 * Callers pass what the mail needs; nothing here touches the database.
 */

const minutesOf = (ms: number) => ms / 60_000;

export function verificationCodeMail(opts: { to: string; code: string; ttlMs: number }): MailMessage {
  return composeMail({
    to: opts.to,
    subject: 'Your Convene verification code',
    preview: `Your code is ${opts.code}. Welcome to Convene!`,
    heading: 'Welcome to Convene',
    intro: ['Here is your verification code. Type it in the sign-up page to finish creating your account.'],
    code: opts.code,
    outro: [`It works for ${minutesOf(opts.ttlMs)} minutes. If you did not sign up for Convene, you can ignore this email.`],
  });
}

export function accountExistsMail(opts: { to: string; appUrl: string }): MailMessage {
  return composeMail({
    to: opts.to,
    subject: 'You already have a Convene account',
    preview: 'Someone tried to sign up with this address, which already has an account.',
    heading: 'You already have an account',
    intro: ['Someone, maybe you, tried to sign up for Convene with this address, which already has an account.'],
    action: { label: 'Sign in', url: `${opts.appUrl}/sign-in` },
    outro: [
      `Forgot your password? Reset it: ${opts.appUrl}/forgot-password`,
      'If it was not you, you can ignore this email: nothing has changed.',
    ],
  });
}

export function passwordResetMail(opts: { to: string; link: string; ttlMs: number }): MailMessage {
  const minutes = minutesOf(opts.ttlMs);
  return composeMail({
    to: opts.to,
    subject: 'Reset your Convene password',
    preview: 'Choose a new password for your Convene account.',
    heading: 'Choose a new password',
    intro: [`Someone asked to reset the password of your Convene account. The button works once, within ${minutes} minutes.`],
    action: { label: 'Choose a new password', url: opts.link },
    outro: ['If it was not you, ignore this email: your password stays as it is.'],
  });
}

export function signInCodeMail(opts: { to: string; code: string; ttlMs: number }): MailMessage {
  return composeMail({
    to: opts.to,
    subject: 'Your Convene sign-in code',
    preview: `Your sign-in code is ${opts.code}.`,
    heading: 'Your sign-in code',
    intro: ['Someone tried to sign in to your Convene account with a wrong password many times, so signing in now also needs this code:'],
    code: opts.code,
    outro: [
      `It works for ${minutesOf(opts.ttlMs)} minutes. If you are not signing in, someone else may be trying to: you can ignore this email, and consider changing your password.`,
    ],
  });
}

export function newDeviceMail(opts: { to: string; device: string; address: string; time: string; link: string }): MailMessage {
  return composeMail({
    to: opts.to,
    subject: 'New sign-in to your Convene account',
    preview: `Signed in from ${opts.device}.`,
    heading: 'New sign-in to your account',
    intro: ['Your Convene account was just signed in to from a browser it had not seen before.'],
    details: [['Browser', opts.device], ['Address', opts.address], ['Time', opts.time]],
    action: { label: 'Review where you are signed in', url: opts.link },
    outro: [
      'If this was you, there is nothing to do. Otherwise, sign out anywhere you do not recognise.',
      'If this was not you, change your password now, then sign out the sessions you do not recognise.',
    ],
  });
}

export function invitationMail(opts: {
  to: string;
  link: string;
  days: number;
  hubName: string;
  spaceName?: string;
  inviterName: string;
  role: string;
}): MailMessage {
  const { spaceName, hubName, inviterName } = opts;
  const where = spaceName === undefined ? `the hub "${hubName}"` : `the space "${spaceName}" in the hub "${hubName}"`;
  return composeMail({
    to: opts.to,
    subject: `${inviterName} invited you to ${spaceName === undefined ? hubName : `${spaceName} in ${hubName}`} on Convene`,
    preview: `Join ${spaceName ?? hubName} on Convene.`,
    heading: `Join ${spaceName ?? hubName} on Convene`,
    intro: [`${inviterName} invited you to join ${where} on Convene as ${opts.role}.`],
    action: { label: 'Accept the invitation', url: opts.link },
    outro: [
      `The invitation works once, within ${opts.days} days.`,
      'If you do not have a Convene account yet, you can create one from the link with this email address.',
    ],
  });
}

export function emailChangeCodeMail(opts: { to: string; code: string; ttlMs: number }): MailMessage {
  return composeMail({
    to: opts.to,
    subject: 'Confirm your new Convene email',
    preview: `Your code is ${opts.code}.`,
    heading: 'Confirm your new email',
    intro: ['Someone, hopefully you, asked to use this address to sign in to Convene. Type this code on your account page to confirm it:'],
    code: opts.code,
    outro: [`It works for ${minutesOf(opts.ttlMs)} minutes. If it was not you, ignore this email: nothing changes.`],
  });
}

/** Sent instead of a code when the address already has an account, so the answer says nothing of it. */
export function emailTakenMail(opts: { to: string; appUrl: string }): MailMessage {
  return composeMail({
    to: opts.to,
    subject: 'Someone tried to use your email on Convene',
    preview: 'This address already has a Convene account, so nothing changed.',
    heading: 'This address is already in use',
    intro: [
      'Someone tried to move another Convene account to this address. It already has an account of its own, so nothing has changed.',
      'If it was you, sign in with this address instead, or choose another address for your other account.',
    ],
    action: { label: 'Sign in', url: `${opts.appUrl}/sign-in` },
    outro: ['If it was not you, you can ignore this email.'],
  });
}

/** The notice to the address that was given up. */
export function emailChangedMail(opts: { to: string; newEmail: string; link: string }): MailMessage {
  return composeMail({
    to: opts.to,
    subject: 'Your Convene email was changed',
    preview: `You now sign in to Convene with ${opts.newEmail}.`,
    heading: 'Your email was changed',
    intro: [`Your Convene account now signs in with ${opts.newEmail}. This address no longer does.`],
    action: { label: 'Review your account', url: opts.link },
    outro: ['If this was not you, someone may be using your account: tell the owner of your hub right away.'],
  });
}
