import { AppstoreOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { contentKindLabels } from '@/lib/contract/contents';
import type { SearchResult } from '@/lib/contract/search';
import { colors } from '@/lib/palette';
import { formatWhen } from '@/components/common/format';
import { KindTile } from '../KindTile';
import { MetaLine } from '../MetaLine';
import { Snippet } from './Snippet';

const Card = styled.article`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 14px;
  padding: 14px 16px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  background: ${colors.white};
  transition: border-color 0.2s, box-shadow 0.2s;

  &:hover,
  &:focus-within {
    border-color: ${theme.primaryColor}66;
    box-shadow: 0 2px 10px rgba(22, 22, 29, 0.04);
  }

  h3 {
    margin: 0;
    font-size: 15px;
    font-weight: 600;
    line-height: 1.35;
  }

  h3 button {
    padding: 0;
    border: 0;
    font: inherit;
    color: ${colors.heading};
    text-align: left;
    overflow-wrap: anywhere;
    background: none;
    cursor: pointer;
  }

  h3 button:hover,
  h3 button:focus-visible {
    color: ${theme.primaryColor};
  }
`;

/** One search hit: the item, where it lives, and the words around the match (and where in the item they are). */
export function SearchResultCard({ result, onOpen, showSpace = true }: { result: SearchResult; onOpen(result: SearchResult): void; showSpace?: boolean }) {
  const { content, space } = result;
  return (
    <Card aria-label={content.name}>
      <KindTile item={content} />
      <div style={{ minWidth: 0 }}>
        <h3>
          <button type="button" onClick={() => onOpen(result)}>
            {content.name}
          </button>
        </h3>
        <MetaLine>
          {showSpace && (
            <span>
              <AppstoreOutlined aria-hidden /> {space.name}
            </span>
          )}
          <span>{contentKindLabels[content.kind]}</span>
          <span>{formatWhen(content.updated_at)}</span>
          {result.passage?.label && <span>{result.passage.label}</span>}
        </MetaLine>
        <Snippet parts={result.snippet} />
      </div>
    </Card>
  );
}
