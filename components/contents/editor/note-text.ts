import { contentsApi } from '@/client/http/contents-api';

/** A note's whole text (Markdown): the API serves it a page at a time. */
export async function noteText(spaceId: string, noteId: string): Promise<string> {
  const first = (await contentsApi.text(spaceId, noteId, 1)).data;
  const rest = [];
  for (let page = 2; page <= first.page_count; page += 1) rest.push((await contentsApi.text(spaceId, noteId, page)).data.text);
  return [first.text, ...rest].join('');
}
