import { Suspense, use, useId, useState, type KeyboardEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import { SEARCH_QUERY_MAX } from '@/lib/contract/search-limits';
import { colors } from '@/lib/palette';
import { optionId, SearchSuggestionsContext } from './searchSuggestions';

const Box = styled.div`
  position: relative;

  .field {
    width: 260px;
  }

  .icon {
    display: none;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    font-size: 18px;
    color: ${colors.text};
  }

  .icon:hover,
  .icon:focus-visible {
    background: ${colors.fill};
  }

  @media (max-width: ${breakpoints.md - 1}px) {
    .field {
      display: none;
    }

    .icon {
      display: grid;
    }
  }
`;

/**
 * The header's way into hub-wide search: on wide screens a box that suggests
 * results as one types (a combobox: arrows choose, Enter opens, Escape
 * closes), on phones an icon; Enter with nothing chosen, and the icon, go to /search.
 */
export function HeaderSearch() {
  const router = useRouter();
  const suggestions = use(SearchSuggestionsContext);
  const listId = useId();
  const [value, setValue] = useState('');
  // The suggestions' code loads when the box is first focused, not with every page.
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  // The search page has its own, larger box.
  if (router.pathname === '/search') return null;
  const q = value.trim();
  const seeAll = q ? `/search?q=${encodeURIComponent(q)}` : '/search';
  const expanded = suggestions !== null && open && q !== '';
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (address: string) => {
    setValue('');
    close();
    void router.push(address);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step && expanded && options.length > 0) {
      e.preventDefault();
      // From nothing chosen, down goes to the first option and up to the last.
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (step && !open) {
      // Closed with Escape: the arrows bring the list back.
      e.preventDefault();
      setOpen(true);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      close();
    } else if (e.key === 'Enter') {
      go((expanded && options[active]) || seeAll);
    }
  };
  return (
    <Box role="search">
      <Input
        className="field"
        role="combobox"
        aria-label="Search the hub"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(listId, active) : undefined}
        placeholder="Search content"
        prefix={<SearchOutlined aria-hidden />}
        maxLength={SEARCH_QUERY_MAX}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {suggestions && focused && (
        <Suspense fallback={null}>
          {suggestions({
            id: listId,
            query: value,
            open: expanded,
            seeAll,
            active,
            onActive: setActive,
            onOptions: (next) => setOptions((prev) => (prev.join('\n') === next.join('\n') ? prev : next)),
            onChoose: go,
          })}
        </Suspense>
      )}
      <Link className="icon" href="/search" aria-label="Search">
        <SearchOutlined aria-hidden />
      </Link>
    </Box>
  );
}
