import { Skeleton } from 'antd';
import styled from 'styled-components';
import type { SearchResult } from '@/lib/contract/search';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { SearchResultCard } from './SearchResultCard';
import { useSearch } from './useSearch';

const Section = styled.section`
  margin-top: 20px;
  padding-top: 16px;
  border-top: 1px solid ${colors.divider};

  h3 {
    margin: 0 0 10px;
    font-size: 13px;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${colors.textTertiary};
  }

  .results {
    display: grid;
    gap: 8px;
  }

  .none {
    margin: 0;
    font-size: 14px;
    color: ${colors.textSecondary};
  }
`;

interface SpaceSearchResultsProps {
  spaceId: string;
  term: string;
  /** Items the list above already shows (their names match): left out here, so each appears once. */
  listed?: ReadonlySet<string>;
  onOpen(result: SearchResult): void;
}

/** What full-text search finds inside this space's content for the words typed in its search box. */
export function SpaceSearchResults({ spaceId, term, listed, onOpen }: SpaceSearchResultsProps) {
  const hub = useAuthStore((s) => s.user?.active_organization?.domain_handle);
  const results = useSearch({ q: term, space_id: spaceId }, hub);
  const shown = listed ? results.items.filter((result) => !listed.has(result.content.id)) : results.items;
  return (
    <Section aria-label="Found inside content">
      <h3>Found inside content</h3>
      {results.state === 'loading' && <Skeleton active paragraph={{ rows: 2 }} />}
      {results.state === 'failed' && (
        <LoadFailure message="We could not search this space." error={results.error} onRetry={results.reload} />
      )}
      {results.state === 'ready' && shown.length === 0 && (
        <p className="none">{results.items.length === 0 ? `No text in this space mentions “${term}”.` : `Nothing else in this space mentions “${term}”.`}</p>
      )}
      {shown.length > 0 && (
        <div className="results" role="list" aria-label="Search results in this space">
          {shown.map((result) => (
            <div role="listitem" key={result.content.id}>
              <SearchResultCard result={result} onOpen={onOpen} showSpace={false} />
            </div>
          ))}
        </div>
      )}
      <LoadMore list={results} />
    </Section>
  );
}
