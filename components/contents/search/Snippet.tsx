import { Fragment } from 'react';
import styled from 'styled-components';
import type { SnippetPart } from '@/lib/contract/search';
import { colors } from '@/lib/palette';

const Text = styled.p`
  margin: 6px 0 0;
  font-size: 14px;
  line-height: 1.6;
  color: ${colors.text};
  overflow-wrap: anywhere;

  mark {
    padding: 0 2px;
    border-radius: 3px;
    color: inherit;
    font-weight: 600;
    background: ${colors.primaryHighlight};
  }
`;

/** The text around a search hit; the found words are marked. Parts are rendered as text, never as HTML. */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  if (parts.length === 0) return null;
  return (
    <Text>
      {parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}
    </Text>
  );
}
