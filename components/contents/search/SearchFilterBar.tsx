import { useState, type ReactNode } from 'react';
import { FilterOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, DatePicker, Drawer, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import styled, { css } from 'styled-components';
import type { SearchResult } from '@/lib/contract/search';
import { colors } from '@/lib/palette';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { usePickerSearch } from '@/components/ui/usePickerSearch';
import { useMemberSearch } from '@/components/members/useMemberSearch';
import { moreFilterKeys, type MoreFilters } from './moreFilters';

/** A filter with what the API said against it underneath, wherever the filters are laid out. */
const filterStyle = css`
  .filter {
    display: grid;
    gap: 2px;
  }

  .problem {
    font-size: 12px;
    color: ${colors.errorText};
  }
`;

const Bar = styled.div`
  ${filterStyle}
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 8px;
  margin: -8px 0 20px;

  .filter {
    flex: 1 1 170px;
    max-width: 260px;
  }

  .filter.dates {
    flex-basis: 250px;
    max-width: 300px;
  }
`;

/** The phone's drawer: one filter a line, as wide as the screen. */
const Stack = styled.div`
  ${filterStyle}
  display: grid;
  gap: 12px;
`;

const PhoneBar = styled.div`
  margin: -8px 0 20px;
`;

const DrawerActions = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
`;

const DAY = 'YYYY-MM-DD';
/** A day of the address as the picker shows it; a malformed one shows as none (and the API's objection under it). */
const asDay = (value: string | undefined): Dayjs | null => {
  const day = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : null;
  return day?.isValid() ? day : null;
};

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

/** A filter chosen from what the API finds for what is typed in it. */
function Picker({ label, placeholder, noMatch, found, problem, value, onChange, options }: {
  label: string;
  placeholder: string;
  noMatch: string;
  found: { setSearch(term: string): void; loading: boolean; error: string | null };
  problem: string[] | undefined;
  value: string | undefined;
  onChange(next: string | undefined): void;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <Select
      aria-label={label}
      allowClear
      showSearch={{ filterOption: false, onSearch: found.setSearch }}
      loading={found.loading}
      placeholder={placeholder}
      notFoundContent={found.error ?? (found.loading ? 'Searching…' : noMatch)}
      status={problem ? 'error' : undefined}
      value={value}
      onChange={onChange}
      options={options}
    />
  );
}

interface FilterControlsProps {
  value: MoreFilters;
  onChange(next: MoreFilters): void;
  /** The API's objections, by field. */
  errors: Record<string, string[]>;
  /** Results shown: they name a chosen space or person that the pickers have not listed (a filter read from the address). */
  results: SearchResult[];
}

/** Space, author and days, each with the API's objection under it: the same controls inline and in the phone's drawer. */
function FilterControls({ value, onChange, errors, results }: FilterControlsProps) {
  const handle = useAuthStore((s) => s.user?.active_organization?.domain_handle) ?? '';
  const spaces = usePickerSearch(handle, async (term) => (await spacesApi.list(1, term ? { search: term } : {})).data);
  const people = useMemberSearch(handle, () => true);
  const set = (key: keyof MoreFilters, next: string | undefined) => {
    const { [key]: _old, ...rest } = value;
    onChange(next ? { ...rest, [key]: next } : rest);
  };

  const spaceOptions = spaces.items.map((s) => ({ value: s.id, label: s.name }));
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
    <>
      <Filter problems={errors.space_id}>
        <Picker
          label="Space filter" placeholder="Any space" noMatch="No spaces match" found={spaces} problem={errors.space_id}
          value={value.space_id} onChange={(next) => set('space_id', next)} options={spaceOptions}
        />
      </Filter>
      <Filter problems={errors.author_id}>
        <Picker
          label="Author filter" placeholder="Anyone" noMatch="No members match" found={people} problem={errors.author_id}
          value={value.author_id} onChange={(next) => set('author_id', next)} options={peopleOptions}
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
    </>
  );
}

interface SearchFilterBarProps extends FilterControlsProps {
  /** Offered when any filter (the kind included) is set. */
  onClear?: () => void;
  /** On a phone the filters wait behind one button, in a drawer; wider screens show them in a row. */
  phone: boolean;
  /** How many filters are set (the kind included), counted on the phone's button. */
  active: number;
  /** The kind filter: beside the search box on wide screens, with the others in the phone's drawer. */
  kindFilter: ReactNode;
}

/** The search page's filters: a row on wide screens, a "Filters" button opening a drawer on phones. */
export function SearchFilterBar({ phone, active, kindFilter, onClear, ...controls }: SearchFilterBarProps) {
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <Bar role="group" aria-label="Filters">
        <FilterControls {...controls} />
        {onClear && (
          <Button type="link" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </Bar>
    );
  }
  // An objection from the API sits in the closed drawer: the button shows there is one.
  const objected = moreFilterKeys.some((key) => controls.errors[key]);
  return (
    <PhoneBar>
      <Button icon={<FilterOutlined aria-hidden />} danger={objected} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {active > 0 ? `Filters · ${active}` : 'Filters'}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="bottom"
        title="Filters"
        footer={
          <DrawerActions>
            <Button onClick={onClear} disabled={!onClear}>
              Clear all
            </Button>
            <Button type="primary" onClick={() => setOpen(false)}>
              Show results
            </Button>
          </DrawerActions>
        }
      >
        {/* Large controls: easier to hit with a thumb. */}
        <ConfigProvider componentSize="large">
          <Stack>
            {kindFilter}
            <FilterControls {...controls} />
          </Stack>
        </ConfigProvider>
      </Drawer>
    </PhoneBar>
  );
}
