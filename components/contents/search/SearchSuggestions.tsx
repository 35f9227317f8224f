import { useEffect } from 'react';
import { ArrowRightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import styled from 'styled-components';
import { breakpoints, theme } from '@/lib/constants';
import { contentKindLabels } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { optionId, type SearchSuggestionsProps } from '@/components/layout/searchSuggestions';
import { KindTile } from '../KindTile';
import { resultAddress } from './resultAddress';
import { Snippet } from './Snippet';
import { useSearch } from './useSearch';

/** Quicker than the search page's pause: the list under the box is meant to keep up with the typing. */
export const SUGGEST_DELAY_MS = 150;
export const SUGGESTIONS = 6;

const Popup = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  right: 0;
  z-index: 20;
  width: min(440px, calc(100vw - 32px));
  overflow: hidden;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  line-height: 1.4;
  background: ${colors.white};
  box-shadow: 0 12px 32px rgba(22, 22, 29, 0.12);

  @media (max-width: ${breakpoints.md - 1}px) {
    display: none;
  }

  .state {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin: 0;
    padding: 12px 14px;
    font-size: 13px;
    color: ${colors.textSecondary};
  }

  ul {
    margin: 0;
    padding: 4px;
    list-style: none;
  }

  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 10px;
    padding: 8px 10px;
    border-radius: 8px;
    cursor: pointer;
  }

  li[aria-selected='true'] {
    background: ${colors.primaryBg};
  }

  .name,
  .where {
    display: block;
  }

  .name {
    overflow: hidden;
    font-size: 14px;
    font-weight: 600;
    color: ${colors.heading};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .where {
    font-size: 12px;
    color: ${colors.textSecondary};
  }

  .text p {
    display: -webkit-box;
    margin: 2px 0 0;
    overflow: hidden;
    font-size: 13px;
    line-height: 1.5;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
  }

  .all {
    grid-template-columns: minmax(0, 1fr) auto;
    font-size: 13px;
    font-weight: 500;
    color: ${theme.primaryColor};
  }
`;

/**
 * The best few results for what is typed in the header's box, each opening
 * its item at the passage found, and a last option for all of them. Focus
 * stays in the box: the options are chosen with the arrow keys or a click.
 */
export function SearchSuggestions({ id, query, open, seeAll, active, onActive, onOptions, onChoose }: SearchSuggestionsProps) {
  const hub = useAuthStore((s) => s.user?.active_organization?.domain_handle);
  const typed = query.trim();
  const term = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  // Answers to an earlier query are dropped (usePagedList), so a slow one never replaces a newer list.
  const results = useSearch({ q: term }, hub);
  const current = open && term === typed && results.state !== 'loading';
  const shown = current && results.state === 'ready' ? results.items.slice(0, SUGGESTIONS) : [];
  const addresses = [...shown.map((result) => resultAddress(result, term)), seeAll];
  useEffect(() => onOptions(addresses));

  if (!open) return null;
  return (
    // Clicks inside keep the focus in the box, so choosing an option does not close the list first.
    <Popup onMouseDown={(e) => e.preventDefault()}>
      {!current && (
        <p className="state" role="status">
          Searching…
        </p>
      )}
      {current && results.state === 'failed' && (
        <div className="state" role="alert">
          <span>We could not search. {results.error}</span>
          <Button size="small" onClick={results.reload}>
            Retry
          </Button>
        </div>
      )}
      {current && results.state === 'ready' && shown.length === 0 && (
        <p className="state" role="status">
          No results for “{typed}”
        </p>
      )}
      <ul id={id} role="listbox" aria-label="Search suggestions">
        {shown.map((result, i) => (
          <li
            key={result.content.id}
            id={optionId(id, i)}
            role="option"
            aria-selected={active === i}
            onMouseMove={() => active !== i && onActive(i)}
            onClick={() => onChoose(resultAddress(result, term))}
          >
            <KindTile item={result.content} size={32} />
            <div className="text">
              <span className="name">{result.content.name}</span>
              <span className="where">
                {[result.space.name, contentKindLabels[result.content.kind], result.passage?.label].filter(Boolean).join(' · ')}
              </span>
              <Snippet parts={result.snippet} />
            </div>
          </li>
        ))}
        <li
          className="all"
          id={optionId(id, shown.length)}
          role="option"
          aria-selected={active === shown.length}
          onMouseMove={() => active !== shown.length && onActive(shown.length)}
          onClick={() => onChoose(seeAll)}
        >
          <span>See all results for “{typed}”</span>
          <ArrowRightOutlined aria-hidden />
        </li>
      </ul>
    </Popup>
  );
}
