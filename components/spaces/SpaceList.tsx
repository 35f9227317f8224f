import { useCallback, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { AppstoreOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Segmented, Select, Skeleton } from 'antd';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import type { SpaceVisibility } from '@/lib/contract/settings';
import type { Space, SpaceListFilters } from '@/lib/contract/spaces';
import { errorMessage } from '@/client/http/clients';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { EmptyState } from '@/components/common/EmptyState';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { Panel } from '@/components/ui/Panel';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { usePagedList } from '@/components/ui/usePagedList';

import { SpaceCard } from './SpaceCard';
import { spaceVisibilityOptions } from './visibility';

// Its form (and zod) load when "New space" is first pressed, not with the hub home.
const CreateSpaceModal = dynamic(() => import('./CreateSpaceModal').then((m) => m.CreateSpaceModal), { ssr: false });

const Toolbar = styled.div`
  display: grid;
  gap: 10px;
  margin-bottom: 16px;

  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: minmax(0, 1fr) auto auto;
  }
`;

const Items = styled.div`
  display: grid;
  gap: 10px;
`;

type Scope = 'all' | 'mine';
const ANY = 'any';

/**
 * The hub's spaces: searchable, filtered by membership and visibility, ten at
 * a time, with "New space" for those who may add content and "Join" on open
 * spaces the user is not in.
 */
export function SpaceList() {
  const { message } = App.useApp();
  const settings = useAuthStore((s) => s.settings);
  const hub = useAuthStore((s) => s.user?.active_organization);
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<Scope>('all');
  const [visibility, setVisibility] = useState<SpaceVisibility | typeof ANY>(ANY);
  const [creating, setCreating] = useState(false);
  // Stays mounted once opened, so closing keeps the modal's animation.
  const [everCreated, setEverCreated] = useState(false);
  if (creating && !everCreated) setEverCreated(true);
  const [joining, setJoining] = useState<string | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim());

  const filters: SpaceListFilters = {
    ...(term ? { search: term } : {}),
    ...(scope === 'mine' ? { mine: 'true' } : {}),
    ...(visibility !== ANY ? { visibility } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  const list = usePagedList<Space>({
    // The hub is part of the query: switching hubs starts the list again.
    query: JSON.stringify([hub?.domain_handle, filters]),
    fetchPage: (page) => spacesApi.list(page, filters),
    keyOf: useCallback((space: Space) => space.id, []),
  });
  const mayCreate = hub?.abilities.create_space ?? false;

  const join = async (space: Space) => {
    if (joining) return;
    setJoining(space.id);
    setJoinError(null);
    try {
      await spacesApi.join(space.id);
      void message.success(`You joined ${space.name}.`);
      list.reload();
    } catch (e) {
      setJoinError(errorMessage(e));
    } finally {
      setJoining(null);
    }
  };

  const created = () => {
    setCreating(false);
    list.reload();
  };

  const newSpace = mayCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      New space
    </Button>
  );
  const nothingYet = list.state === 'ready' && list.items.length === 0 && !filtered;
  // Search and filters appear once the hub has spaces, and stay while a new query loads (keeping focus).
  const [tools, setTools] = useState(false);
  if (!tools && list.state === 'ready' && !nothingYet) setTools(true);
  if (tools && nothingYet) setTools(false);

  return (
    <Panel title="Spaces" aside={tools && newSpace}>
      {tools && (
        <Toolbar>
          <Input
            aria-label="Search spaces"
            placeholder="Search spaces"
            prefix={<SearchOutlined />}
            allowClear
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Segmented<Scope>
            aria-label="Whose spaces"
            value={scope}
            onChange={setScope}
            options={[
              { value: 'all', label: 'All' },
              { value: 'mine', label: 'Mine' },
            ]}
          />
          <Select<SpaceVisibility | typeof ANY>
            aria-label="Visibility filter"
            value={visibility}
            onChange={setVisibility}
            style={{ minWidth: 150 }}
            options={[
              { value: ANY, label: 'Any visibility' },
              ...spaceVisibilityOptions(settings).map((o) => ({ value: o.value, label: o.label })),
            ]}
          />
        </Toolbar>
      )}
      {joinError && <Alert type="error" showIcon title={joinError} closable style={{ marginBottom: 12 }} />}
      {list.state === 'loading' && (
        <Items aria-busy="true">
          <Skeleton active paragraph={{ rows: 1 }} />
          <Skeleton active paragraph={{ rows: 1 }} />
        </Items>
      )}
      {list.state === 'failed' && (
        <LoadFailure message="We could not load the spaces." error={list.error} onRetry={list.reload} />
      )}
      {nothingYet && (
        <EmptyState icon={<AppstoreOutlined />} title="No spaces yet" action={newSpace}>
          Spaces hold your hub’s documents, tables and meetings, each open to everyone, shared with a few, or private.
          {mayCreate ? ' Create the first one.' : ' An editor or owner of the hub can create the first one.'}
        </EmptyState>
      )}
      {list.state === 'ready' && list.items.length === 0 && filtered && (
        <EmptyState title="No spaces match">Try another search or filter.</EmptyState>
      )}
      {list.state === 'ready' && list.items.length > 0 && (
        <Items aria-label="Spaces list" role="list">
          {list.items.map((space) => (
            <div role="listitem" key={space.id}>
              <SpaceCard
                space={space}
                onJoin={space.abilities.join ? join : undefined}
                joining={joining === space.id}
                joinDisabled={joining !== null}
              />
            </div>
          ))}
        </Items>
      )}
      <LoadMore list={list} />
      <p style={{ margin: '16px 0 0', fontSize: 13 }}>
        <Link href="/spaces/archived">Archived spaces</Link>
      </p>
      {everCreated && <CreateSpaceModal open={creating} onClose={() => setCreating(false)} onCreated={created} />}
    </Panel>
  );
}
