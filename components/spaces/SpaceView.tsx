import { useState, type ReactNode } from 'react';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { TeamOutlined } from '@ant-design/icons';
import { Alert, App, Button, Skeleton, Tabs } from 'antd';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import type { Space } from '@/lib/contract/spaces';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { spaceInvitations, spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { AskButton } from '@/components/ask/LazyAsk';
import { StatusBadge } from '@/components/common/StatusBadge';
import { ContentArea } from '@/components/contents/ContentArea';
import { focusFromQuery, focusParams, type PreviewFocus } from '@/components/contents/preview/focus';
import { memberCount } from '@/components/common/memberCount';
import { Panel } from '@/components/ui/Panel';
import { Unavailable } from '@/components/ui/Unavailable';
import { useLoad } from '@/components/ui/useLoad';
import { roleLabels } from '@/components/common/roles';
import { InviteForm } from '@/components/invitations/InviteForm';
import { PendingInvitations } from '@/components/invitations/PendingInvitations';
import { SpaceMeetingsNow } from '@/components/meetings/LiveMeetings';
import { StartMeetingButton } from '@/components/meetings/StartMeetingButton';
import { MemberList } from '@/components/members/MemberList';
import { isOnlyOwner, onlyOwnerLeaving } from '@/components/members/onlyOwner';
import { AddSpaceMember } from './AddSpaceMember';
import { BackToSpaces } from './BackToSpaces';
import { openedSpace } from './openedSpace';
import { RestoreSpaceButton, SpaceArchive } from './SpaceArchive';
import { SpaceSettingsForm } from './SpaceSettingsForm';
import { spaceVisibilityBadge, spaceVisibilityLabel } from './visibility';

const Header = styled.header`
  display: grid;
  gap: 12px;
  margin-bottom: 24px;

  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: start;
  }

  h1 {
    margin: 0;
    font-size: 26px;
    font-weight: 600;
    line-height: 1.2;
    letter-spacing: -0.02em;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    margin-top: 8px;
    font-size: 14px;
    color: ${colors.textSecondary};
  }

  .description {
    margin: 12px 0 0;
    font-size: 15px;
    line-height: 1.6;
    color: ${colors.text};
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
`;

const AddMemberBox = styled.div`
  margin-top: 16px;
  padding-top: 16px;
  border-top: 1px solid ${colors.divider};

  h3 {
    margin: 0 0 12px;
    font-size: 15px;
    font-weight: 600;
    color: ${colors.heading};
  }
`;

const Sections = styled.div`
  display: grid;
  /* minmax(0, …): a wide field inside must not widen the column past a phone's screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;

const tabKeys = ['content', 'members', 'settings'] as const;
type TabKey = (typeof tabKeys)[number];
const tabOf = (value: unknown): TabKey => tabKeys.find((key) => key === value) ?? 'content';

/** What an owner of a space may do, told before anyone is made one. */
const SPACE_OWNER_POWERS =
  'Owners of a space can change anyone’s role in it, remove its members, make others owners, and archive or restore it.';

/** A space: its header, and its content, members and (for those who may) settings in tabs. */
export function SpaceView({ id }: { id: string | null }) {
  const { load, retry, replace } = useLoad(id, async (spaceId) => (await spacesApi.get(spaceId)).data);
  const userId = useAuthStore((s) => s.user?.id);
  // Until this space's first answer, the card followed to get here stands in for it: the header shows at
  // once and its content and members load alongside; a reload later shows the skeleton.
  const [answered, setAnswered] = useState<string | null>(null);
  if (load.state !== 'loading' && id !== null && answered !== id) setAnswered(id);
  const followed = answered === id ? undefined : openedSpace(userId, id);

  if (load.state === 'loading') {
    return followed ? <SpaceDetails space={followed} onChange={replace} reload={retry} /> : <Skeleton active paragraph={{ rows: 6 }} />;
  }
  if (load.state === 'missing') {
    // Another hub's space, and one the user may not see, answer 404 like a missing one.
    return (
      <Unavailable
        title="Space not found"
        text="This space does not exist in this hub, or it is not shared with you."
        back={{ href: '/', label: 'Back to the hub’s spaces' }}
      />
    );
  }
  const back = { href: '/', label: 'Back to the hub’s spaces' };
  if (load.state === 'forbidden') return <Unavailable title="You cannot open this space" text={load.message} back={back} />;
  if (load.state === 'failed') {
    return <Unavailable title="We could not load this space" text={load.message} retry={retry} back={back} />;
  }
  return <SpaceDetails space={load.value} onChange={replace} reload={retry} />;
}

function SpaceDetails({ space, onChange, reload }: { space: Space; onChange(space: Space): void; reload(): void }) {
  const router = useRouter();
  const { message, modal } = App.useApp();
  const settings = useAuthStore((s) => s.settings);
  const me = useAuthStore((s) => s.user);
  const [pending, setPending] = useState<'join' | 'leave' | null>(null);
  const [problem, setProblem] = useState<{ text: string; warning?: boolean } | null>(null);
  const [members, setMembers] = useState(0);
  const [invited, setInvited] = useState(0);
  const { abilities } = space;
  // The tab lives in the address (?tab=), so Back and a shared link open the same one.
  const asked = tabOf(router.query.tab);
  const [active, setActive] = useState<TabKey>(asked);
  const [seen, setSeen] = useState<TabKey>(asked);
  if (asked !== seen) {
    setSeen(asked);
    setActive(asked);
  }
  const spacePath = `/spaces/${encodeURIComponent(space.id)}`;
  const openTab = (key: string) => {
    const tab = tabOf(key);
    setActive(tab);
    void router.push(tab === 'content' ? spacePath : `${spacePath}?tab=${tab}`, undefined, { shallow: true, scroll: false });
  };
  // A previewed item lives in the address (?content=…&at=…), so search results and shared links open it, at their passage.
  const previewId = typeof router.query.content === 'string' ? router.query.content : null;
  const previewFocus = focusFromQuery(router.query);
  const keepPreviewInAddress = (contentId: string | null, focus: PreviewFocus | null) => {
    const query = contentId ? `?${new URLSearchParams({ content: contentId, ...(focus ? focusParams(focus) : {}) }).toString()}` : '';
    void router.replace(`${spacePath}${query}`, undefined, { shallow: true, scroll: false });
  };
  // The header's member count and the user's role follow membership changes; a failed refresh keeps the old header.
  const refresh = () =>
    spacesApi.get(space.id).then(
      ({ data }) => onChange(data),
      () => undefined,
    );

  const join = async () => {
    setPending('join');
    setProblem(null);
    try {
      onChange((await spacesApi.join(space.id)).data);
      setMembers((n) => n + 1);
      void message.success(`You joined ${space.name}.`);
    } catch (e) {
      setProblem({ text: errorMessage(e) });
    } finally {
      setPending(null);
    }
  };

  const leave = async () => {
    setProblem(null);
    try {
      await spacesApi.leave(space.id);
      void message.success(`You left ${space.name}.`);
      // After leaving, a shared or private space is no longer visible: go back to the list.
      if (space.visibility === 'public') {
        reload();
      } else {
        await router.push('/');
      }
    } catch (e) {
      setProblem({ text: errorMessage(e) });
    }
  };

  // The only owner is told at once why they cannot leave, rather than asked first and refused after.
  const askToLeave = async () => {
    setPending('leave');
    setProblem(null);
    const alone =
      me !== null &&
      space.space_role === 'owner' &&
      (await isOnlyOwner((page, search) => spacesApi.members(space.id, page, { search }), me).catch(() => false));
    setPending(null);
    if (alone) {
      setProblem({ text: onlyOwnerLeaving(space.name), warning: true });
      return;
    }
    modal.confirm({
      title: `Leave ${space.name}?`,
      content: space.visibility === 'public' ? undefined : 'You will need an invitation to come back.',
      okText: 'Leave',
      okButtonProps: { danger: true },
      onOk: leave,
    });
  };

  // An archived space's Restore sits in its notice, on every tab.
  const mayManage = abilities.update || abilities.archive;
  const tabs: Array<{ key: TabKey; label: string; children: ReactNode }> = [
    {
      key: 'content',
      label: 'Content',
      children: (
        <ContentArea space={space} initialPreviewId={previewId} initialFocus={previewFocus} onPreviewChange={keepPreviewInAddress} />
      ),
    },
    {
      key: 'members',
      label: 'Members',
      children: (
        <Sections>
          <Panel title="Members">
            <MemberList
              scope={space.id}
              version={members}
              placeName={space.name}
              canManage={abilities.manage_members}
              ownerPowers={SPACE_OWNER_POWERS}
              fetchPage={(page, search) => spacesApi.members(space.id, page, search ? { search } : {})}
              changeRole={(member, role) => spacesApi.updateMember(space.id, member.user_id, { role })}
              remove={(member) => spacesApi.removeMember(space.id, member.user_id)}
              onChanged={() => void refresh()}
            />
            {abilities.invite && (
              <AddMemberBox>
                <h3>Add a member</h3>
                <AddSpaceMember
                  space={space}
                  onAdded={() => {
                    setMembers((n) => n + 1);
                    void refresh();
                  }}
                />
              </AddMemberBox>
            )}
          </Panel>
          {abilities.invite && (
            <Panel title="Invite by email">
              <InviteForm
                scope={spaceInvitations(space.id)}
                roles={abilities.grant_roles}
                onInvited={() => setInvited((n) => n + 1)}
              />
              <PendingInvitations scope={spaceInvitations(space.id)} version={invited} />
            </Panel>
          )}
        </Sections>
      ),
    },
  ];
  if (mayManage) {
    tabs.push({
      key: 'settings',
      label: 'Settings',
      children: (
        <Sections>
          {abilities.update && (
            <Panel title="Settings">
              <SpaceSettingsForm space={space} onSaved={onChange} />
            </Panel>
          )}
          {abilities.archive && <SpaceArchive space={space} onChange={onChange} />}
        </Sections>
      ),
    });
  }
  // A tab this person cannot use (a link from an owner, a role just changed) falls back to Content.
  const shown = tabs.some((tab) => tab.key === active) ? active : 'content';

  return (
    <>
      <Head>
        <title>{`${space.name} · Convene`}</title>
      </Head>
      <BackToSpaces />
      <Header>
        <div style={{ minWidth: 0 }}>
          <h1>{space.name}</h1>
          <div className="meta">
            <StatusBadge status={spaceVisibilityBadge[space.visibility]}>
              {spaceVisibilityLabel(settings, space.visibility)}
            </StatusBadge>
            <span>
              <TeamOutlined /> {memberCount(space.member_count)}
            </span>
            {/* Someone who may join is not in the space yet: no role to speak of until they do. */}
            <span>{abilities.join ? 'Not a member' : `Your role: ${roleLabels[space.my_role]}`}</span>
            {space.archived_at && <StatusBadge status="warning">Archived</StatusBadge>}
          </div>
          {space.description && <p className="description">{space.description}</p>}
        </div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <AskButton label="Ask this space" space={{ id: space.id, name: space.name }} />
          {abilities.start_meeting && <StartMeetingButton spaceId={space.id} type="default" />}
          {abilities.join && (
            <Button type="primary" loading={pending === 'join'} disabled={pending !== null} onClick={join}>
              Join space
            </Button>
          )}
          {abilities.leave && (
            <Button loading={pending === 'leave'} disabled={pending !== null} onClick={askToLeave}>
              Leave space
            </Button>
          )}
        </div>
      </Header>
      {problem && (
        <Alert
          type={problem.warning ? 'warning' : 'error'}
          showIcon
          title={problem.text}
          closable
          onClose={() => setProblem(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      {abilities.join && !abilities.add_content && !problem && (
        <Alert
          type="info"
          showIcon
          title={`Join ${space.name} to take part`}
          description="You can look around now; members add notes, files and contacts."
          style={{ marginBottom: 16 }}
        />
      )}
      {space.archived_at && (
        <Alert
          type="warning"
          showIcon
          title="This space is archived"
          description="It is hidden from the hub’s lists and searches, and nothing can be added or changed until it is restored. Its content is kept."
          action={abilities.restore && <RestoreSpaceButton space={space} onRestored={onChange} />}
          style={{ marginBottom: 16 }}
        />
      )}
      <SpaceMeetingsNow spaceId={space.id} />
      <Tabs activeKey={shown} onChange={openTab} items={tabs} />
    </>
  );
}
