import { z } from 'zod';
import { auditEventSchema } from './audit';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';

/** Kinds of device a browser reports, for the icon next to a session. */
export const deviceKinds = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** One place the signed-in person is signed in (GET auth/sessions/). */
export const sessionSchema = z.object({
  id: z.string(),
  /** "Chrome 156", or null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS", "Android 15", or null. */
  os: z.string().nullable(),
  device: z.enum(deviceKinds),
  /** The first characters of the browser's fingerprint visitor id: enough to tell browsers apart, too few to reuse. */
  visitor_id: z.string().nullable(),
  /** The address the session signed in from. */
  ip: z.string().nullable(),
  /** First seen: when the session signed in. */
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** DELETE auth/sessions/{id}/: a session of someone else answers 404 like a missing one. */
const sessionParams = z.object({ id: z.string() });

/** What DELETE auth/sessions/{id}/ did: `current` means this browser is now signed out. */
export const revokedSessionSchema = z.object({ current: z.boolean() });
export type RevokedSession = z.infer<typeof revokedSessionSchema>;

/** What POST auth/sessions/revoke-others/ did. */
export const revokedOthersSchema = z.object({ revoked: z.number().int() });
export type RevokedOthers = z.infer<typeof revokedOthersSchema>;

/** How many characters of the visitor id the session list shows. */
export const VISITOR_ID_SHOWN = 8;

const tag = 'auth';

/** Where the signed-in person is signed in, and their account's history. */
export const sessionEndpoints = {
  sessions: endpoint({
    method: 'GET', path: 'auth/sessions/', tag, signedIn: true,
    summary: 'My live sessions, most recently active first; `current` marks this one',
    response: dataEnvelope(z.array(sessionSchema)), errors: [401],
  }),
  revokeSession: endpoint({
    method: 'DELETE', path: 'auth/sessions/:id/', tag, signedIn: true,
    summary: "Sign out one of my sessions (this one too); another person's session answers 404",
    params: sessionParams, response: dataEnvelope(revokedSessionSchema), errors: [401, 404],
  }),
  revokeOtherSessions: endpoint({
    method: 'POST', path: 'auth/sessions/revoke-others/', tag, signedIn: true,
    summary: 'Sign out all my other sessions; this one stays signed in',
    response: dataEnvelope(revokedOthersSchema), errors: [401],
  }),
  activity: endpoint({
    method: 'GET', path: 'auth/activity/', tag, signedIn: true, summary: "My account's recent security events, newest first",
    query: pageQuery, response: listEnvelope(auditEventSchema), errors: [400, 401],
  }),
};
