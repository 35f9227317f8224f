import { useEffect, useState, type ReactNode } from 'react';
import { Button, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import styled from 'styled-components';
import type { SearchResult } from '@/lib/contract/search';
import type { Space } from '@/lib/contract/spaces';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { useMemberSearch } from '@/components/members/useMemberSearch';
import type { MoreFilters } from './moreFilters';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 8px;
  margin: -8px 0 20px;

  .filter {
    display: grid;
    gap: 2px;
    flex: 1 1 170px;
    max-width: 260px;
  }

  .filter.dates {
    flex-basis: 250px;
    max-width: 300px;
  }

  .problem {
    font-size: 12px;
    color: ${colors.errorText};
  }
`;

const DAY = 'YYYY-MM-DD';
/** A day of the address as the picker shows it; a malformed one shows as none (and the API's objection under it). */
const asDay = (value: string | undefined): Dayjs | null => {
  const day = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : null;
  return day?.isValid() ? day : null;
};

/** The hub's spaces whose name matches what is typed in the picker (first page, debounced). */
function useSpaceSearch() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const [answer, setAnswer] = useState<{ spaces: Space[]; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    spacesApi.list(1, term ? { search: term } : {}).then(
      ({ data }) => live && setAnswer({ spaces: data, error: null }),
      (e: unknown) => live && setAnswer({ spaces: [], error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [term]);
  return { setSearch, loading: answer === null, spaces: answer?.spaces ?? [], error: answer?.error ?? null };
}

/** A filter and, under it, what the API said against its value. */
function Filter({ problems, className = 'filter', children }: { problems: string[] | undefined; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      {children}
      {problems?.map((problem) => (
        <span key={problem} className="problem" role="alert">
          {problem}
        </span>
      ))}
    </div>
  );
}

interface SearchFilterBarProps {
  value: MoreFilters;
  onChange(next: MoreFilters): void;
  /** The API's objections, by field. */
  errors: Record<string, string[]>;
  /** Results shown: they name a chosen space or person that the pickers have not listed (a filter read from the address). */
  results: SearchResult[];
  /** Offered when any filter (the kind included) is set. */
  onClear?: () => void;
}

/** Space, author and days of the search page, in a row that wraps on phones. */
export function SearchFilterBar({ value, onChange, errors, results, onClear }: SearchFilterBarProps) {
  const handle = useAuthStore((s) => s.user?.active_organization?.domain_handle) ?? '';
  const spaces = useSpaceSearch();
  const people = useMemberSearch(handle, () => true);
  const set = (key: keyof MoreFilters, next: string | undefined) => {
    const { [key]: _old, ...rest } = value;
    onChange(next ? { ...rest, [key]: next } : rest);
  };

  const spaceOptions = spaces.spaces.map((s) => ({ value: s.id, label: s.name }));
  const chosenSpace = results.find((r) => r.space.id === value.space_id)?.space;
  if (value.space_id && !spaceOptions.some((o) => o.value === value.space_id)) {
    spaceOptions.unshift({ value: value.space_id, label: chosenSpace?.name ?? 'The chosen space' });
  }
  const peopleOptions = people.members.map((m) => ({ value: m.user_id, label: m.name }));
  const chosenPerson = results.find((r) => r.content.created_by?.id === value.author_id)?.content.created_by;
  if (value.author_id && !peopleOptions.some((o) => o.value === value.author_id)) {
    peopleOptions.unshift({ value: value.author_id, label: chosenPerson?.name ?? 'The chosen person' });
  }

  return (
    <Bar role="group" aria-label="Filters">
      <Filter problems={errors.space_id}>
        <Select
          aria-label="Space filter"
          allowClear
          showSearch={{ filterOption: false, onSearch: spaces.setSearch }}
          loading={spaces.loading}
          placeholder="Any space"
          notFoundContent={spaces.error ?? (spaces.loading ? 'Searching…' : 'No spaces match')}
          status={errors.space_id ? 'error' : undefined}
          value={value.space_id}
          onChange={(next: string | undefined) => set('space_id', next)}
          options={spaceOptions}
        />
      </Filter>
      <Filter problems={errors.author_id}>
        <Select
          aria-label="Author filter"
          allowClear
          showSearch={{ filterOption: false, onSearch: people.setSearch }}
          loading={people.loading}
          placeholder="Anyone"
          notFoundContent={people.error ?? (people.loading ? 'Searching…' : 'No members match')}
          status={errors.author_id ? 'error' : undefined}
          value={value.author_id}
          onChange={(next: string | undefined) => set('author_id', next)}
          options={peopleOptions}
        />
      </Filter>
      <Filter problems={[...(errors.from ?? []), ...(errors.to ?? [])]} className="filter dates">
        <DatePicker.RangePicker
          aria-label="Changed between"
          allowEmpty={[true, true]}
          placeholder={['Changed from', 'to']}
          status={errors.from || errors.to ? 'error' : undefined}
          value={[asDay(value.from), asDay(value.to)]}
          onChange={(range) => {
            const [from, to] = range ?? [null, null];
            const { from: _from, to: _to, ...rest } = value;
            onChange({ ...rest, ...(from ? { from: from.format(DAY) } : {}), ...(to ? { to: to.format(DAY) } : {}) });
          }}
          style={{ width: '100%' }}
        />
      </Filter>
      {onClear && (
        <Button type="link" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Bar>
  );
}
