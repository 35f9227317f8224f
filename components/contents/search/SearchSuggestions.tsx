import { useEffect, type ReactNode } from 'react';
import { AppstoreOutlined, ArrowRightOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import styled from 'styled-components';
import { basicSettings } from '@/lib/basic-settings';
import { breakpoints, theme } from '@/lib/constants';
import { contentKindLabels } from '@/lib/contract/contents';
import type { SearchResult } from '@/lib/contract/search';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { optionId, type SearchSuggestionsProps } from '@/components/layout/searchSuggestions';
import { KindTile } from '../KindTile';
import { resultAddress } from './resultAddress';
import { Snippet } from './Snippet';
import { useSearch } from './useSearch';
import { MEMBERS_ADDRESS, spaceAddress, useSpacesAndPeople } from './useSpacesAndPeople';

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

  li[role='option'] {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 10px;
    padding: 8px 10px;
    border-radius: 8px;
    cursor: pointer;
  }

  .heading {
    display: block;
    padding: 8px 10px 2px;
    font-size: 12px;
    font-weight: 600;
    color: ${colors.textSecondary};
  }

  .icon {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 8px;
    font-size: 16px;
    color: ${theme.primaryColor};
    background: ${colors.primaryBg};
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

const roleLabelOf = (role: string) => basicSettings.roles.find((r) => r.value === role)?.label ?? role;

/** An option of the list: its place among all the options (for the arrow keys) and what it opens. */
interface OptionProps {
  listId: string;
  index: number;
  active: number;
  address: string;
  onActive(index: number): void;
  onChoose(address: string): void;
  className?: string;
  children: ReactNode;
}

function Option({ listId, index, active, address, onActive, onChoose, className, children }: OptionProps) {
  return (
    <li
      className={className}
      id={optionId(listId, index)}
      role="option"
      aria-selected={active === index}
      onMouseMove={() => active !== index && onActive(index)}
      onClick={() => onChoose(address)}
    >
      {children}
    </li>
  );
}

/** A titled group of options; nothing when it has none. */
function Group({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <li role="presentation">
      <span className="heading" aria-hidden>{title}</span>
      <ul role="group" aria-label={title}>{children}</ul>
    </li>
  );
}

/**
 * What is typed in the header's box, found: spaces (opening the space),
 * people of the hub (opening the hub's members), then the best few items,
 * each opening at the passage found, and a last option for all of them.
 * Focus stays in the box: the options, in that order across the groups, are
 * chosen with the arrow keys or a click.
 */
export function SearchSuggestions({ id, query, open, seeAll, active, onActive, onOptions, onChoose }: SearchSuggestionsProps) {
  const hub = useAuthStore((s) => s.user?.active_organization?.domain_handle);
  const typed = query.trim();
  const term = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  // Answers to an earlier query are dropped (usePagedList), so a slow one never replaces a newer list.
  const results = useSearch({ q: term }, hub);
  const places = useSpacesAndPeople(term, hub);
  const current = open && term === typed && results.state !== 'loading' && places?.q === term;
  const shown = current && results.state === 'ready' ? results.items.slice(0, SUGGESTIONS) : [];
  const spaces = current ? places.found.spaces : [];
  const people = current ? places.found.people : [];
  const addresses = [
    ...spaces.map((space) => spaceAddress(space.id)),
    ...people.map(() => MEMBERS_ADDRESS),
    ...shown.map((result) => resultAddress(result, term)),
    seeAll,
  ];
  useEffect(() => onOptions(addresses));
  const optionAt = (index: number) => ({ listId: id, index, active, address: addresses[index]!, onActive, onChoose });
  const grouped = spaces.length + people.length > 0;

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
      {current && results.state === 'ready' && shown.length === 0 && !grouped && (
        <p className="state" role="status">
          No results for “{typed}”
        </p>
      )}
      <ul id={id} role="listbox" aria-label="Search suggestions">
        <Group title="Spaces">
          {spaces.map((space, i) => (
            <Option key={space.id} {...optionAt(i)}>
              <span className="icon" aria-hidden><AppstoreOutlined /></span>
              <div className="text">
                <span className="name">{space.name}</span>
                {space.description && <span className="where">{space.description}</span>}
              </div>
            </Option>
          ))}
        </Group>
        <Group title="People">
          {people.map((person, i) => (
            <Option key={person.user_id} {...optionAt(spaces.length + i)}>
              <span className="icon" aria-hidden><UserOutlined /></span>
              <div className="text">
                <span className="name">{person.name}</span>
                <span className="where">{[person.email, roleLabelOf(person.role)].join(' · ')}</span>
              </div>
            </Option>
          ))}
        </Group>
        {(grouped ? (
          <Group title="Content">
            {shown.map((result, i) => contentOption(result, optionAt(spaces.length + people.length + i)))}
          </Group>
        ) : shown.map((result, i) => contentOption(result, optionAt(i))))}
        <Option className="all" {...optionAt(addresses.length - 1)}>
          <span>See all results for “{typed}”</span>
          <ArrowRightOutlined aria-hidden />
        </Option>
      </ul>
    </Popup>
  );
}

function contentOption(result: SearchResult, option: Omit<OptionProps, 'children'>) {
  return (
    <Option key={result.content.id} {...option}>
      <KindTile item={result.content} size={32} />
      <div className="text">
        <span className="name">{result.content.name}</span>
        <span className="where">
          {[result.space.name, contentKindLabels[result.content.kind], result.passage?.label].filter(Boolean).join(' · ')}
        </span>
        <Snippet parts={result.snippet} />
      </div>
    </Option>
  );
}
