import { useRef, useState } from 'react';
import type { AskSource } from '@/lib/contract/ask';
import type { ContentItem } from '@/lib/contract/contents';
import { errorMessage } from '@/client/http/clients';
import { contentsApi } from '@/client/http/contents-api';
import { focusOf, type PreviewFocus } from '@/components/contents/preview/focus';

/**
 * The item a citation or source opens, loaded for the preview drawer, and
 * the passage it opens at (highlighted there). Only the latest click counts.
 */
export function usePassagePreview() {
  const [opened, setOpened] = useState<{ item: ContentItem; focus: PreviewFocus } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The drawer's code loads with the first opening, and stays for the closing animation after.
  const [used, setUsed] = useState(false);
  const latest = useRef(0);

  const open = (source: AskSource) => {
    const click = ++latest.current;
    setProblem(null);
    contentsApi.get(source.space.id, source.content.id).then(
      ({ data }) => {
        if (click !== latest.current) return;
        setUsed(true);
        setOpened({ item: data, focus: focusOf(source.passage, []) });
      },
      (e: unknown) => click === latest.current && setProblem(`We could not open ${source.content.name}. ${errorMessage(e)}`),
    );
  };

  return { opened, used, problem, open, close: () => setOpened(null), dismiss: () => setProblem(null) };
}
