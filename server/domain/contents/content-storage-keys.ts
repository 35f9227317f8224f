import type { ContentRow } from './content-view';

/**
 * Where an item's files live in storage: the original under its storage key
 * (the content id), files made from it beside it under the same id.
 */
export const derivedStorageKeys = {
  thumbnail: (contentId: string) => `${contentId}.thumb.webp`,
  preview: (contentId: string) => `${contentId}.preview.webp`,
  /** An email's sanitised HTML body. */
  emailHtml: (contentId: string) => `${contentId}.body.html`,
  /** An email's attachment number `index`. */
  attachment: (contentId: string, index: number) => `${contentId}.att-${index}`,
};

/** Every object an item may have in storage: the original and whatever processing made from it. */
export function storageKeysOf(content: Pick<ContentRow, 'id' | 'storageKey' | 'details'>): string[] {
  const { id } = content;
  return [
    ...(content.storageKey ? [content.storageKey] : []),
    derivedStorageKeys.thumbnail(id),
    derivedStorageKeys.preview(id),
    derivedStorageKeys.emailHtml(id),
    ...(content.details.email?.attachments ?? []).map((attachment) => derivedStorageKeys.attachment(id, attachment.index)),
  ];
}
