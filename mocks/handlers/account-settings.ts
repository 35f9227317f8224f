import type { HttpHandler } from 'msw';
import { accountSettingsEndpoints, emailChangeBody, emailChangeVerifyBody, PHOTO_MAX_BYTES, PHOTO_TYPES, photoMessages } from '@/lib/contract/account';
import { VERIFICATION_CODE_TTL_MS } from '@/lib/constants';
import { errorMessages } from '@/lib/contract/error-messages';
import { messages } from '@/lib/validation/messages';
import type { MockDb } from '../state';
import { answer, authenticate, fieldFail, notFound, ok, parseBody, tryCode } from './respond';

/** The chosen image as a data URL: the mock keeps the photo in its state instead of in storage. */
async function dataUrlOf(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${file.type};base64,${btoa(binary)}`;
}

/** The person's photo and sign-in email; codes are the mock's fixed verification code. */
export function accountSettingsHandlers(db: MockDb): HttpHandler[] {
  return [
    answer(accountSettingsEndpoints.uploadPhoto, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const file = (await request.formData().catch(() => null))?.get('file');
      // Not `instanceof File`: under test the request's File may come from another realm than the page's.
      if (!file || typeof file === 'string') return fieldFail(400, 'validation_error', 'file', errorMessages.chooseFile);
      // The browser's word for the type: the API checks the bytes.
      if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return fieldFail(415, 'unsupported_file_type', 'file', photoMessages.wrongType);
      if (file.size > PHOTO_MAX_BYTES) return fieldFail(413, 'file_too_large', 'file', photoMessages.tooBig);
      auth.user.photoUrl = await dataUrlOf(file);
      return ok(db.userView(auth.user), { message: 'Photo saved.' });
    }),

    answer(accountSettingsEndpoints.removePhoto, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      auth.user.photoUrl = null;
      return ok(db.userView(auth.user), { message: 'Photo removed.' });
    }),

    // Mock photos are data URLs: no address names one.
    answer(accountSettingsEndpoints.photo, () => notFound('That photo')),

    answer(accountSettingsEndpoints.requestEmailChange, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, emailChangeBody);
      if (!body.ok) return body.response;
      const { email, password } = body.data;
      const { user } = auth;
      if (email === user.email) return fieldFail(400, 'validation_error', 'email', errorMessages.alreadyYourEmail);
      if (user.password !== null) {
        if (!password) return fieldFail(400, 'validation_error', 'password', messages.required('Current password'));
        if (password !== user.password) return fieldFail(400, 'invalid_credentials', 'password', errorMessages.wrongCurrentPassword);
      }
      // The same answer for a taken address; only a free one gets a code that works.
      user.pendingEmail = email;
      if (!db.userByEmail(email)) db.issueCode(email);
      return ok(
        { email, expires_in: VERIFICATION_CODE_TTL_MS / 1000 },
        { message: `We sent a code to ${email}. Type it here to confirm the change.` },
      );
    }),

    answer(accountSettingsEndpoints.verifyEmailChange, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, emailChangeVerifyBody);
      if (!body.ok) return body.response;
      const { user } = auth;
      const email = user.pendingEmail;
      // An expired code is no change waiting, as on the API.
      const expiresAt = email ? (db.data.codes[email]?.expiresAt ?? Infinity) : 0;
      if (!email || expiresAt < Date.now()) return fieldFail(400, 'invalid_code', 'code', errorMessages.noEmailChangeWaiting);
      const tried = tryCode(db, email, body.data.code);
      if (!tried.ok) return tried.response;
      if (db.userByEmail(email)) return fieldFail(400, 'validation_error', 'email', errorMessages.emailTakenMeanwhile);
      delete db.data.codes[email];
      user.email = email;
      user.pendingEmail = null;
      return ok(db.userView(user), { message: `Your email is now ${email}.` });
    }),
  ];
}
