import { z } from 'zod';

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
export const sessionParams = z.object({ id: z.string() });

/** What DELETE auth/sessions/{id}/ did: `current` means this browser is now signed out. */
export const revokedSessionSchema = z.object({ current: z.boolean() });
export type RevokedSession = z.infer<typeof revokedSessionSchema>;

/** What POST auth/sessions/revoke-others/ did. */
export const revokedOthersSchema = z.object({ revoked: z.number().int() });
export type RevokedOthers = z.infer<typeof revokedOthersSchema>;

/** How many characters of the visitor id the session list shows. */
export const VISITOR_ID_SHOWN = 8;
