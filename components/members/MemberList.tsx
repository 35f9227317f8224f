import { useCallback, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Input, Skeleton } from 'antd';
import styled from 'styled-components';
import type { Role } from '@/lib/contract/settings';
import { colors } from '@/lib/palette';
import type { ListEnvelope } from '@/client/http/api';
import { useAuthStore } from '@/store/auth';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { usePagedList } from '@/components/ui/usePagedList';
import { MemberRow, type MemberLike } from './MemberRow';

const Empty = styled.p`
  margin: 8px 0;
  color: ${colors.textSecondary};
`;

const Count = styled.p`
  margin: 0 0 4px;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

interface MemberListProps<M extends MemberLike> {
  /** Names the place being listed (hub handle, space id): a new place starts the list again. */
  scope: string;
  placeName: string;
  fetchPage(page: number, search: string | undefined): Promise<ListEnvelope<M>>;
  changeRole(member: M, role: Role): Promise<unknown>;
  remove(member: M): Promise<unknown>;
  /** Bumped by the parent to reload (after someone was added). */
  version?: number;
  /** The place's manage-members ability, and what its owners may do (see MemberRow). */
  canManage?: boolean;
  ownerPowers?: string;
  /** After a role changed or someone was removed: the parent's own view of the place may have changed. */
  onChanged?: () => void;
}

/** A searchable, paged list of members; each row offers the role change and removal its abilities allow. */
export function MemberList<M extends MemberLike>({
  scope, placeName, fetchPage, changeRole, remove, version = 0, canManage, ownerPowers, onChanged,
}: MemberListProps<M>) {
  const meId = useAuthStore((s) => s.user?.id);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const list = usePagedList<M>({
    query: JSON.stringify([scope, term, version]),
    fetchPage: (page) => fetchPage(page, term || undefined),
    keyOf: useCallback((m: M) => m.user_id, []),
  });

  return (
    <>
      <Input
        aria-label="Search members"
        placeholder="Search by name or email"
        prefix={<SearchOutlined />}
        allowClear
        maxLength={100}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {list.state === 'loading' && <Skeleton active avatar paragraph={{ rows: 1 }} />}
      {list.state === 'failed' && (
        <LoadFailure message="We could not load the members." error={list.error} onRetry={list.reload} />
      )}
      {list.state === 'ready' && list.items.length === 0 && (
        <Empty>{term ? 'Nobody matches that search.' : 'No members yet.'}</Empty>
      )}
      {list.state === 'ready' && list.items.length > 0 && (
        <>
          <Count>{list.count === 1 ? '1 member' : `${list.count} members`}</Count>
          <div role="list" aria-label="Members">
            {list.items.map((member) => (
              <MemberRow
                key={member.user_id}
                member={member}
                isMe={member.user_id === meId}
                placeName={placeName}
                canManage={canManage}
                ownerPowers={ownerPowers}
                manage={{
                  changeRole: async (role) => {
                    await changeRole(member, role);
                    list.reload();
                    onChanged?.();
                  },
                  remove: async () => {
                    await remove(member);
                    list.reload();
                    onChanged?.();
                  },
                }}
              />
            ))}
          </div>
        </>
      )}
      <LoadMore list={list} />
    </>
  );
}
