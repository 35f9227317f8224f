import { useEffect, useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Input, Tooltip } from 'antd';
import {
  HomeOutlined, LockOutlined, PlusOutlined, SearchOutlined, SettingOutlined, StarFilled, StarOutlined,
  VideoCameraOutlined, WalletOutlined,
} from '@ant-design/icons';
import styled from 'styled-components';
import type { Space } from '@/lib/contract/spaces';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { groupSpaces, useSidebarSpaces } from './sidebarSpaces';

/** Above this many spaces the side bar offers a box to filter them by name. */
export const FILTER_FROM = 8;

/** The main destinations, shared with the command palette. */
export const destinations = [
  { href: '/', label: 'Home', icon: <HomeOutlined aria-hidden /> },
  { href: '/search', label: 'Search', icon: <SearchOutlined aria-hidden /> },
  { href: '/meet', label: 'Meetings', icon: <VideoCameraOutlined aria-hidden /> },
  { href: '/hub/settings', label: 'Hub settings', icon: <SettingOutlined aria-hidden /> },
  { href: '/hub/billing', label: 'Billing', icon: <WalletOutlined aria-hidden /> },
] as const;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 12px 10px 24px;

  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .item {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 34px;
    padding: 6px 10px;
    border-radius: 8px;
    color: ${colors.text};
    font-weight: 500;
    line-height: 1.3;
  }

  .item:hover {
    background: ${colors.fill};
    color: ${colors.heading};
  }

  .item[aria-current='page'] {
    background: ${colors.primaryBg};
    color: ${colors.primaryText};
  }

  .item .anticon {
    flex: none;
    font-size: 16px;
  }

  .label {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  &.collapsed .item {
    justify-content: center;
    padding-inline: 0;
  }
`;

const Spaces = styled.section`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding-top: 12px;
  border-top: 1px solid ${colors.divider};

  .head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 0 4px 0 10px;
  }

  h2 {
    margin: 0;
    font-size: 12px;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${colors.textSecondary};
  }

  h3 {
    margin: 8px 0 2px;
    padding: 0 10px;
    font-size: 12px;
    font-weight: 500;
    color: ${colors.textSecondary};
  }

  .icon-button {
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    padding: 0;
    border: 0;
    border-radius: 6px;
    background: none;
    color: ${colors.textSecondary};
    cursor: pointer;
  }

  .icon-button:hover {
    background: ${colors.fill};
    color: ${colors.heading};
  }

  .row {
    position: relative;
    display: flex;
    align-items: center;
  }

  .row .item {
    flex: 1;
    min-width: 0;
    padding-right: 34px;
    font-weight: 400;
  }

  .row .item .anticon {
    font-size: 13px;
    color: ${colors.textTertiary};
  }

  .dot {
    flex: none;
    width: 8px;
    height: 8px;
    margin-inline: 3px;
    border-radius: 2px;
    background: ${colors.primaryBorder};
  }

  .star {
    position: absolute;
    right: 4px;
    opacity: 0;
  }

  .star[aria-pressed='true'] {
    color: ${theme.primaryColor};
  }

  .row:hover .star,
  .star:focus-visible,
  .star[aria-pressed='true'] {
    opacity: 1;
  }

  /* Touch screens have no hover: the star is always there. */
  @media (hover: none) {
    .star {
      opacity: 1;
    }
  }

  .note {
    margin: 4px 10px;
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

interface SidebarProps {
  /** The narrow rail: icons only, no spaces. */
  collapsed?: boolean;
  onNewSpace(): void;
}

/** The side bar: the main destinations, then the hub's spaces (starred, recent, all) and "New space". */
export function Sidebar({ collapsed = false, onNewSpace }: SidebarProps) {
  const router = useRouter();
  const current = (href: string) => (router.pathname === href ? 'page' : undefined);
  return (
    <Body className={collapsed ? 'collapsed' : undefined}>
      <ul>
        {destinations.map(({ href, label, icon }) => (
          <li key={href}>
            <Tooltip title={collapsed ? label : null} placement="right">
              <Link className="item" href={href} aria-current={current(href)} aria-label={collapsed ? label : undefined}>
                {icon}
                {!collapsed && <span className="label">{label}</span>}
              </Link>
            </Tooltip>
          </li>
        ))}
      </ul>
      {!collapsed && <SidebarSpaces onNewSpace={onNewSpace} />}
    </Body>
  );
}

function SidebarSpaces({ onNewSpace }: { onNewSpace(): void }) {
  const hub = useAuthStore((s) => s.user?.active_organization);
  const { state, spaces, count, load } = useSidebarSpaces();
  const [filter, setFilter] = useState('');
  const headingId = useId();
  const handle = hub?.domain_handle;
  useEffect(() => {
    if (handle) load(handle);
  }, [handle, load]);
  if (!hub) return null;

  const mayCreate = hub.abilities.create_space;
  const { starred, recent, rest } = groupSpaces(spaces);
  return (
    <Spaces aria-labelledby={headingId}>
      <div className="head">
        <h2 id={headingId}>Spaces</h2>
        {mayCreate && (
          <Tooltip title="New space">
            <button type="button" className="icon-button" aria-label="New space" onClick={onNewSpace}>
              <PlusOutlined aria-hidden />
            </button>
          </Tooltip>
        )}
      </div>
      {count > FILTER_FROM && (
        <Input
          size="small"
          allowClear
          aria-label="Filter spaces"
          placeholder="Filter spaces"
          prefix={<SearchOutlined aria-hidden />}
          value={filter}
          maxLength={100}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {state === 'failed' && <p className="note">We could not load your spaces.</p>}
      {state === 'ready' && spaces.length === 0 && (
        <p className="note">{mayCreate ? 'No spaces yet. Create the first one.' : 'No spaces yet.'}</p>
      )}
      {filter.trim() ? (
        <FilteredSpaces filter={filter.trim()} spaces={spaces} complete={spaces.length >= count} />
      ) : (
        <>
          <SpaceGroup title="Starred" spaces={starred} />
          <SpaceGroup title="Recent" spaces={recent} />
          <SpaceGroup title={starred.length + recent.length > 0 ? 'All spaces' : null} spaces={rest} />
        </>
      )}
    </Spaces>
  );
}

/** Spaces whose name holds the filter: from the loaded list when it is complete, else asked of the API. */
function FilteredSpaces({ filter, spaces, complete }: { filter: string; spaces: Space[]; complete: boolean }) {
  const term = useDebouncedValue(filter);
  const [found, setFound] = useState<{ term: string; spaces: Space[] } | null>(null);
  useEffect(() => {
    if (complete) return;
    let live = true;
    spacesApi.sidebar(term).then(({ data }) => live && setFound({ term, spaces: data }), () => undefined);
    return () => {
      live = false;
    };
  }, [complete, term]);
  const needle = filter.toLowerCase();
  const matches = complete
    ? spaces.filter((s) => s.name.toLowerCase().includes(needle))
    : found?.term === term ? found.spaces : null;
  if (matches === null) return <p className="note" role="status">Looking…</p>;
  if (matches.length === 0) return <p className="note" role="status">No spaces match “{filter}”.</p>;
  return <SpaceGroup title={null} spaces={matches} />;
}

function SpaceGroup({ title, spaces }: { title: ReactNode; spaces: Space[] }) {
  const headingId = useId();
  if (spaces.length === 0) return null;
  return (
    <div>
      {title && <h3 id={headingId}>{title}</h3>}
      <ul aria-labelledby={title ? headingId : undefined}>
        {spaces.map((space) => (
          <SpaceRow key={space.id} space={space} />
        ))}
      </ul>
    </div>
  );
}

function SpaceRow({ space }: { space: Space }) {
  const router = useRouter();
  const setStarred = useSidebarSpaces((s) => s.setStarred);
  const open = router.pathname === '/spaces/[id]' && router.query.id === space.id;
  const star = space.starred ? `Unstar ${space.name}` : `Star ${space.name}`;
  return (
    <li className="row">
      <Link className="item" href={`/spaces/${encodeURIComponent(space.id)}`} aria-current={open ? 'page' : undefined}>
        {space.visibility === 'private' ? <LockOutlined aria-label="Private" /> : <span className="dot" aria-hidden />}
        <span className="label">{space.name}</span>
      </Link>
      <button
        type="button"
        className="icon-button star"
        aria-label={star}
        title={star}
        aria-pressed={space.starred}
        onClick={() => void setStarred(space, !space.starred)}
      >
        {space.starred ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
      </button>
    </li>
  );
}
