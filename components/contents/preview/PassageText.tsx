import { Fragment, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import type { PreviewFocus } from './focus';

const Passage = styled.span`
  border-radius: 4px;
  background: ${colors.primaryHighlight};
  box-shadow: 0 0 0 3px ${colors.primaryHighlight};
  box-decoration-break: clone;

  mark {
    padding: 0 1px;
    border-radius: 3px;
    color: inherit;
    font-weight: 600;
    background: ${colors.primaryMark};
  }
`;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with `words` marked wherever they occur, whatever their case. */
function Marked({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return text;
  // Longest first, so a word is marked whole rather than a shorter one inside it.
  const pattern = new RegExp(`(${[...words].sort((a, b) => b.length - a.length).map(escape).join('|')})`, 'giu');
  // split with one capture group: matches land at the odd places.
  return text.split(pattern).map((piece, i) => (i % 2 === 1 ? <mark key={i}>{piece}</mark> : <Fragment key={i}>{piece}</Fragment>));
}

/**
 * One page of an item's text (it starts `offset` characters into the text)
 * with the part of the focused passage that falls on it shaded and the
 * searched words in it marked; the passage is scrolled into view on arrival.
 */
export function PassageText({ text, offset, focus }: { text: string; offset: number; focus: PreviewFocus }) {
  const passage = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Once, on arrival: a reader paging on must not be pulled back. (jsdom has no scrolling.)
    passage.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  const from = Math.min(Math.max(focus.start - offset, 0), text.length);
  const to = Math.min(Math.max(focus.end - offset, 0), text.length);
  if (to <= from) return text;
  return (
    <>
      {text.slice(0, from)}
      <Passage ref={passage} className="passage" data-passage="">
        <Marked text={text.slice(from, to)} words={focus.words} />
      </Passage>
      {text.slice(to)}
    </>
  );
}
