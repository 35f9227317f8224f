import type { AnyExtension } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';
import { noteImage, type LocalPreviews } from './NoteImage';

/** Links a note may hold: web pages and e-mail addresses, nothing a click could run. */
const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

/** Whether `url` is an address a note may link to (see LINK_PROTOCOLS). */
export function isAllowedLink(url: string): boolean {
  try {
    return LINK_PROTOCOLS.includes(new URL(url.trim()).protocol);
  } catch {
    return false;
  }
}

/** A checklist item whose box only shows its state: the preview reads a note, it does not change it. */
const ReadOnlyTaskItem = TaskItem.extend({
  addNodeView() {
    const render = this.parent?.();
    if (!render) return null;
    return (props) => {
      const view = render(props);
      if (view.dom instanceof HTMLElement) view.dom.querySelector('input')?.setAttribute('disabled', '');
      return view;
    };
  },
});

/**
 * What a note is made of, the same when it is written and when it is read:
 * GitHub-flavoured Markdown (headings, lists, checklists, links, code,
 * quotes, images of the space) is what the API stores, indexes and the
 * drafts keep.
 */
export function noteExtensions({ spaceId, previews = null, readOnly = false }: { spaceId: string; previews?: LocalPreviews | null; readOnly?: boolean }): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        isAllowedUri: (url) => isAllowedLink(url),
      },
    }),
    TaskList,
    (readOnly ? ReadOnlyTaskItem : TaskItem).configure({ nested: true }),
    noteImage(spaceId, previews),
    Markdown,
  ];
}
