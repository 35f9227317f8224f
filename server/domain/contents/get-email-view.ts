import { text } from 'node:stream/consumers';
import type { Database } from '../../db/connect';
import type { EmailView } from '../../../lib/contract/contents';
import { notFound } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import type { Storage } from '../../storage/storage';
import { fileUrlExpiry, signedFilePath } from '../files/file-signature';
import { assertContentReady } from './assert-content-ready';
import type { ContentPresenter } from './content-view';
import { derivedStorageKeys } from './content-storage-keys';
import { findSpaceContent } from './find-space-content';

/**
 * A parsed email: its headers, its plain text, its sanitised HTML body when
 * it had one (meant for a sandboxed frame), and its attachments, each with a
 * signed download address.
 */
export async function getEmailView(opts: {
  db: Database;
  storage: Storage;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  presenter: ContentPresenter;
}): Promise<EmailView> {
  const { row } = await findSpaceContent(opts);
  const { content } = row;
  assertContentReady(content);
  const email = content.details.email;
  if (!email) throw notFound('That email');
  const html = await opts.storage.read(derivedStorageKeys.emailHtml(content.id));
  const { presenter } = opts;
  const expires = fileUrlExpiry(presenter.fileUrlTtlSeconds);
  return {
    subject: email.subject,
    from: email.from,
    to: email.to,
    cc: email.cc,
    date: email.date,
    // The body goes on with the attachments' text (for search); `characters` counts the message's.
    text: (row.body ?? '').slice(0, content.details.characters ?? undefined),
    html: html ? await text(html) : null,
    attachments: email.attachments.map((attachment) => ({
      ...attachment,
      download: signedFilePath(
        presenter.secret,
        { contentId: content.id, variant: `attachment-${attachment.index}`, sessionId: presenter.sessionId, expires },
        { download: true },
      ),
    })),
  };
}
