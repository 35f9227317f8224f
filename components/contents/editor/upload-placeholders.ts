import { Extension } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

export const uploadPlaceholderKey = new PluginKey<DecorationSet>('noteUploadPlaceholders');

type PlaceholderMeta = { add: { id: string; pos: number; name: string } } | { remove: string };

function placeholder(name: string): HTMLElement {
  const el = document.createElement('span');
  el.className = 'upload-placeholder';
  el.textContent = name;
  return el;
}

/**
 * Where an image being uploaded will go: a marker that moves with the text
 * typed around it, so the image lands where it was pasted or dropped.
 */
export const UploadPlaceholders = Extension.create({
  name: 'uploadPlaceholders',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: uploadPlaceholderKey,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            const mapped = set.map(tr.mapping, tr.doc);
            const meta = tr.getMeta(uploadPlaceholderKey) as PlaceholderMeta | undefined;
            if (!meta) return mapped;
            if ('add' in meta) {
              const { id, pos, name } = meta.add;
              return mapped.add(tr.doc, [Decoration.widget(pos, () => placeholder(name), { id })]);
            }
            return mapped.remove(mapped.find(undefined, undefined, (spec) => spec.id === meta.remove));
          },
        },
        props: {
          decorations: (state) => uploadPlaceholderKey.getState(state),
        },
      }),
    ];
  },
});

export const addPlaceholder = (id: string, pos: number, name: string): PlaceholderMeta => ({ add: { id, pos, name } });
export const removePlaceholder = (id: string): PlaceholderMeta => ({ remove: id });

/** Where the placeholder `id` is now; null once it is gone (removed, or its text deleted). */
export function placeholderPos(state: EditorState, id: string): number | null {
  const found = uploadPlaceholderKey.getState(state)?.find(undefined, undefined, (spec) => spec.id === id);
  return found?.[0]?.from ?? null;
}
