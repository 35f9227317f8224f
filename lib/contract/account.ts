import { z } from 'zod';
import { codeField, emailField } from '../validation/fields';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { userSchema } from './auth';

const PHOTO_MAX_MB = 5;
/** The largest photo accepted; the server keeps only a small square made from it. */
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;
/** Image types a photo may be, by content; the browser's picker offers these. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const photoMessages = {
  wrongType: 'Please choose a JPEG, PNG or WebP image.',
  tooBig: `That image is too big. Please choose one up to ${PHOTO_MAX_MB} MB.`,
  unreadable: 'This image could not be read: it may be damaged. Please choose another one.',
};

/** A photo's stored key: its owner's id (hex), then a random part new with every upload. */
export const PHOTO_KEY_PATTERN = /^photo-([0-9a-f]{32})-[0-9a-f]{32}$/;
export const photoParams = z.object({ key: z.string().max(100) });

export const emailChangeBody = z.object({
  email: emailField('New email'),
  /** Required when the account has a password; Google-only accounts have none. */
  password: z.string().max(1024).optional(),
});
export type EmailChangeBody = z.input<typeof emailChangeBody>;
export const emailChangeResponse = z.object({ email: z.string(), expires_in: z.number().int() });

export const emailChangeVerifyBody = z.object({ code: codeField('Code') });
export type EmailChangeVerifyBody = z.input<typeof emailChangeVerifyBody>;

const tag = 'account';

/** The person's own account: their photo and their sign-in email. */
export const accountSettingsEndpoints = {
  uploadPhoto: endpoint({
    method: 'POST', path: 'auth/photo/', tag, signedIn: true,
    summary: 'Set the photo (multipart, a JPEG, PNG or WebP image in a part named "file"); kept as a 256×256 square',
    response: dataEnvelope(userSchema), errors: [400, 413, 415],
  }),
  removePhoto: endpoint({
    method: 'DELETE', path: 'auth/photo/', tag, signedIn: true, summary: 'Remove the photo',
    response: dataEnvelope(userSchema), errors: [],
  }),
  /** An <img> cannot send a token: the random key, new with every upload, is what names the photo. */
  photo: endpoint({
    method: 'GET', path: 'auth/photos/:key/', tag, signedIn: false, summary: "A person's photo (image/webp) by the address in their user view",
    params: photoParams, response: z.unknown().describe('The image bytes'), errors: [404],
  }),
  requestEmailChange: endpoint({
    method: 'POST', path: 'auth/email/change/', tag, signedIn: true,
    summary: 'Mail a 6-digit code to a new address (the same answer whether or not the address is free)',
    body: emailChangeBody, response: dataEnvelope(emailChangeResponse), errors: [400, 429],
  }),
  verifyEmailChange: endpoint({
    method: 'POST', path: 'auth/email/change/verify/', tag, signedIn: true,
    summary: 'Confirm the new address with the mailed code; the old address is told',
    body: emailChangeVerifyBody, response: dataEnvelope(userSchema), errors: [400, 429],
  }),
};
