import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents, memberships, hubs, sessions, spaces, users } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import { notFound, unauthenticated } from '../../lib/errors';
import { visibleSpacesCondition } from '../../policies/spaces';
import type { Storage } from '../../storage/storage';
import { derivedStorageKeys } from '../contents/content-storage-keys';
import { contentSummaryColumns, type ContentSummary } from '../contents/content-view';
import { isUuid } from '../spaces/is-uuid';
import { assertMemberAdmitted } from '../two-factor/assert-hub-admits';
import { verifyFileSignature, type FileSignatureClaims } from './file-signature';
import { errorMessages } from '../../../lib/contract/error-messages';

/** A stored file a signed address may be answered with. */
export interface SignedFile {
  key: string;
  size: number;
  mimeType: string;
  fileName: string;
  /** When the address stops working (Unix seconds): no cache may keep the file longer. */
  expires: number;
}

const fileNotFound = () => notFound('That file');

/** The item's name with its extension, so a renamed item still downloads as the type it is. */
function originalName(content: ContentSummary): string {
  const { name, extension } = content;
  return extension && !name.toLowerCase().endsWith(`.${extension}`) ? `${name}.${extension}` : name;
}

const stemOf = (name: string) => name.replace(/\.[^.]*$/, '') || name;

/** Which object a variant names, its type and the name to save it under; undefined when the item has no such file. */
function fileOf(content: ContentSummary, variant: FileSignatureClaims['variant']): Omit<SignedFile, 'size' | 'expires'> | undefined {
  const { id } = content;
  if (variant === 'original') {
    return content.storageKey ? { key: content.storageKey, mimeType: content.mimeType ?? 'application/octet-stream', fileName: originalName(content) } : undefined;
  }
  if (variant === 'thumbnail' || variant === 'preview') {
    return { key: derivedStorageKeys[variant](id), mimeType: 'image/webp', fileName: `${stemOf(content.name)}-${variant}.webp` };
  }
  const index = Number(variant.slice('attachment-'.length));
  const attachment = content.details.email?.attachments.find((a) => a.index === index);
  return attachment && { key: derivedStorageKeys.attachment(id, index), mimeType: attachment.mime_type, fileName: attachment.name };
}

/**
 * Checks a signed file address and finds the file it names. The signature
 * and its expiry (401 invalid_token), then the session it was made for (401
 * session_revoked once signed out), then that the session's person is still
 * a member of the item's hub, is admitted by its two-factor rule (403
 * two_factor_required, as every hub endpoint answers) and may still read its
 * space: a link outlives neither the session nor the access it was made
 * under (404, like a file that does not exist).
 */
export async function openSignedFile(opts: {
  db: Database;
  storage: Storage;
  secret: Uint8Array;
  claims: FileSignatureClaims;
  signature: string;
}): Promise<SignedFile> {
  const { db, claims } = opts;
  if (claims.expires * 1000 < Date.now()) {
    throw unauthenticated('invalid_token', 'This link has expired. Reload the page to get a new one.');
  }
  if (!verifyFileSignature(opts.secret, claims, opts.signature) || !isUuid(claims.sessionId) || !isUuid(claims.contentId)) {
    throw unauthenticated('invalid_token', errorMessages.invalidFileLink);
  }
  const [session] = await db.select().from(sessions).where(eq(sessions.id, claims.sessionId)).limit(1);
  if (!session) throw unauthenticated('invalid_token', errorMessages.invalidFileLink);
  if (session.revokedAt) throw unauthenticated('session_revoked', 'You have been signed out. Please sign in again.');

  const [found] = await db
    .select({
      content: contentSummaryColumns,
      hubRole: memberships.role,
      hub: { name: hubs.name, requireTwoFactor: hubs.requireTwoFactor },
      user: { id: users.id, totpEnabledAt: users.totpEnabledAt },
    })
    .from(contents)
    .innerJoin(hubs, and(eq(hubs.id, contents.hubId), isNull(hubs.archivedAt)))
    .innerJoin(memberships, and(eq(memberships.hubId, contents.hubId), eq(memberships.userId, session.userId)))
    .innerJoin(users, eq(users.id, session.userId))
    .where(eq(contents.id, claims.contentId))
    .limit(1);
  if (!found) throw fileNotFound();
  // The hub's own rule, checked where requireHub checks it: after membership, before anything about the item.
  await assertMemberAdmitted({ db, hub: found.hub, user: found.user });
  const { content } = found;
  const viewer = { hubId: content.hubId, userId: session.userId, hubRole: found.hubRole as Role };
  const [space] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, content.spaceId), visibleSpacesCondition(viewer)))
    .limit(1);
  if (!space) throw fileNotFound();

  const file = fileOf(content, claims.variant);
  const stored = file && (await opts.storage.stat(file.key));
  if (!file || !stored) throw fileNotFound();
  return { ...file, size: stored.size, expires: claims.expires };
}
