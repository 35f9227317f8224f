import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import { SEARCH_QUERY_MAX } from '@/lib/contract/search-limits';
import { colors } from '@/lib/palette';

const Box = styled.div`
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

/** The header's way into hub-wide search: a box on wide screens, an icon on phones; both go to /search. */
export function HeaderSearch() {
  const router = useRouter();
  const [value, setValue] = useState('');
  // The search page has its own, larger box.
  if (router.pathname === '/search') return null;
  const submit = () => {
    const q = value.trim();
    setValue('');
    void router.push(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
  };
  return (
    <Box role="search">
      <Input
        className="field"
        aria-label="Search the hub"
        placeholder="Search content"
        prefix={<SearchOutlined aria-hidden />}
        maxLength={SEARCH_QUERY_MAX}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={submit}
      />
      <Link className="icon" href="/search" aria-label="Search">
        <SearchOutlined aria-hidden />
      </Link>
    </Box>
  );
}
