import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import { Grid, Input, Select, Skeleton } from 'antd';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import { contentKinds, type ContentKind } from '@/lib/contract/contents';
import { SEARCH_QUERY_MAX, type SearchFilters, type SearchResult } from '@/lib/contract/search';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { EmptyState } from '@/components/common/EmptyState';
import { LoadFailure } from '@/components/common/LoadFailure';
import { PageTitle } from '@/components/common/PageTitle';
import { LoadMore } from '@/components/ui/LoadMore';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { kindPluralLabels } from '../kinds';
import { moreFiltersFrom, moreFiltersSet, type MoreFilters } from './moreFilters';
import { resultAddress } from './resultAddress';
import { SearchFilterBar } from './SearchFilterBar';
import { SearchResultCard } from './SearchResultCard';
import { SpacesAndPeopleFound } from './SpacesAndPeopleFound';
import { useSearch } from './useSearch';

const Toolbar = styled.div`
  display: grid;
  gap: 10px;
  margin-bottom: 20px;

  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: minmax(0, 1fr) 170px;
  }
`;

const Results = styled.div`
  display: grid;
  gap: 10px;
`;

const Count = styled.p`
  margin: 0 0 10px;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

// The search page's blank fills the page, so it stands further from the search box.
const Blank = styled(EmptyState)`
  padding: 40px 16px;
`;

export interface BesideResultsProps {
  question: string;
  children: ReactNode;
}

/** The results alone. */
const JustResults = ({ children }: BesideResultsProps) => children;

/** "1 result", "24 results", or "1,000+ results" when the count stopped at its cap. */
function resultCount({ count, countIsCapped }: { count: number; countIsCapped: boolean }): string {
  if (count === 1 && !countIsCapped) return '1 result';
  return `${count.toLocaleString('en-US')}${countIsCapped ? '+' : ''} results`;
}

const ANY = 'any';
const asKind = (value: unknown): ContentKind | typeof ANY =>
  typeof value === 'string' && (contentKinds as readonly string[]).includes(value) ? (value as ContentKind) : ANY;

/**
 * Hub-wide search: every space the user may read, names and the text inside.
 * The query and the filters live in the address
 * (/search?q=…&kind=…&space_id=…&author_id=…&from=…&to=…), so a search can be
 * shared, reloaded and reached from the header.
 */
export function HubSearch({ besideResults: Beside = JustResults }: {
  /** Around the results, given what is typed: the search page puts asking the hub beside them. */
  besideResults?: ComponentType<BesideResultsProps>;
}) {
  const router = useRouter();
  // antd's xs (its breakpoints set from ours in the theme): below sm, the filters move into a drawer.
  const phone = Grid.useBreakpoint().xs === true;
  const hub = useAuthStore((s) => s.user?.active_organization);
  const [input, setInput] = useState('');
  const [kind, setKind] = useState<ContentKind | typeof ANY>(ANY);
  const [more, setMore] = useState<MoreFilters>({});
  // The address is known once the router is ready; read it once then.
  const [fromAddress, setFromAddress] = useState(false);
  if (!fromAddress && router.isReady) {
    setFromAddress(true);
    setInput(typeof router.query.q === 'string' ? router.query.q.slice(0, SEARCH_QUERY_MAX) : '');
    setKind(asKind(router.query.kind));
    setMore(moreFiltersFrom(router.query));
  }
  const term = useDebouncedValue(input.trim());
  const filters: SearchFilters = { q: term, ...(kind !== ANY ? { kind } : {}), ...more };
  const active = (kind !== ANY ? 1 : 0) + moreFiltersSet(more);
  const filtered = active > 0;
  const results = useSearch(filters, hub?.domain_handle);

  const settled = term === input.trim();
  useEffect(() => {
    // Wait for the typing to settle, so the address never drops a query it was opened with.
    if (!fromAddress || !settled) return;
    const query = new URLSearchParams({ ...(term ? { q: term } : {}), ...(kind !== ANY ? { kind } : {}), ...more }).toString();
    const address = query ? `/search?${query}` : '/search';
    // Each replace hands out a new router, which runs this again: replacing only a different
    // address ends there (replacing without end kept every link on the page from leaving it).
    if (router.asPath !== address) void router.replace(address, undefined, { shallow: true, scroll: false });
  }, [term, kind, more, fromAddress, settled, router]);

  const open = (result: SearchResult) => void router.push(resultAddress(result, term));
  const kindFilter = (
    <Select<ContentKind | typeof ANY>
      size="large"
      aria-label="Kind filter"
      value={kind}
      onChange={setKind}
      options={[{ value: ANY, label: 'All kinds' }, ...contentKinds.map((k) => ({ value: k, label: kindPluralLabels[k] }))]}
    />
  );

  return (
    <>
      <PageTitle>
        <h1>Search</h1>
        <p>Names and the words inside documents, tables, emails, contacts and notes{hub ? ` across ${hub.name}` : ''}.</p>
      </PageTitle>
      <Toolbar role="search">
        <Input
          size="large"
          aria-label="Search the hub"
          placeholder="Search for a word or a phrase"
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          autoFocus
          maxLength={SEARCH_QUERY_MAX}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        {!phone && kindFilter}
      </Toolbar>
      <SearchFilterBar
        phone={phone}
        active={active}
        kindFilter={kindFilter}
        value={more}
        onChange={setMore}
        errors={results.fieldErrors}
        results={results.items}
        onClear={
          filtered
            ? () => {
              setKind(ANY);
              setMore({});
            }
            : undefined
        }
      />
      <Beside question={input.trim()}>
        {/* The filters narrow the items; spaces and people are shown for the words alone. */}
        {term && !filtered && <SpacesAndPeopleFound q={term} scope={hub?.domain_handle} />}
        {!term && (
          <Blank heading="h2" icon={<FileSearchOutlined />} title="Find anything in your spaces">
            Type a word or a phrase. Results come from every space you can open; archived spaces are left out.
          </Blank>
        )}
        {term && results.state === 'loading' && (
          <Results aria-busy="true">
            <Skeleton active avatar paragraph={{ rows: 2 }} />
            <Skeleton active avatar paragraph={{ rows: 2 }} />
          </Results>
        )}
        {term && results.state === 'failed' && Object.keys(results.fieldErrors).length === 0 && (
          <LoadFailure message="We could not search." error={results.error} onRetry={results.reload} />
        )}
        {term && results.state === 'ready' && results.items.length === 0 && (
          <Blank heading="h2" title={`No results for “${term}”`}>
            Try other or fewer words{filtered ? ', or clear the filters' : ''}. Items still being processed are searchable once they are ready.
          </Blank>
        )}
        {term && results.state === 'ready' && results.items.length > 0 && (
          <>
            <Count aria-live="polite">{resultCount(results)}</Count>
            <Results role="list" aria-label="Search results">
              {results.items.map((result) => (
                <div role="listitem" key={result.content.id}>
                  <SearchResultCard result={result} onOpen={open} />
                </div>
              ))}
            </Results>
          </>
        )}
        <LoadMore list={results} />
      </Beside>
    </>
  );
}
