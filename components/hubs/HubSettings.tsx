import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Tabs } from 'antd';
import styled from 'styled-components';
import type { MyHub } from '@/lib/contract/hubs';
import { hubInvitations } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { UsagePanel } from '@/components/billing/UsagePanel';
import { ButtonLink } from '@/components/common/ButtonLink';
import { InviteForm } from '@/components/invitations/InviteForm';
import { JoinLink } from '@/components/invitations/JoinLink';
import { PendingInvitations } from '@/components/invitations/PendingInvitations';
import { HubMembers } from '@/components/members/HubMembers';
import { TransferOwnership } from '@/components/members/TransferOwnership';
import { PageTitle } from '@/components/common/PageTitle';
import { AuditLog } from '@/components/audit/AuditLog';
import { UnansweredQuestions } from '@/components/ask/UnansweredQuestions';
import { HubTwoFactorPolicy } from '@/components/two-factor/HubTwoFactorPolicy';
import { TemplateList } from '@/components/records/builder/TemplateList';
import { ArchiveHub } from './ArchiveHub';
import { HubSettingsForm } from './HubSettingsForm';
import { Panel } from '../ui/Panel';
import { roleLabels } from '../common/roles';

const Sections = styled.div`
  display: grid;
  /* minmax(0, …): a wide field inside must not widen the column past a phone's screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  max-width: 880px;
`;

const NoHub = styled.div`
  max-width: 360px;
  margin: 64px auto;
  text-align: center;
`;

const tabKeys = ['general', 'members', 'invitations', 'forms', 'security', 'billing'] as const;
type TabKey = (typeof tabKeys)[number];

const tabOf = (value: unknown): TabKey => tabKeys.find((key) => key === value) ?? 'general';

interface SettingsTab {
  key: TabKey;
  label: string;
  children: ReactNode;
}

/**
 * The tabs of the hub's administration, each only for those whose abilities
 * let them use it (design §5); the API checks again. General and Members are
 * everyone's (read-only where they may not act), as is Billing's usage.
 */
function tabsOf(hub: MyHub, invited: number, onInvited: () => void): SettingsTab[] {
  const { abilities } = hub;
  const tabs: Array<SettingsTab | false> = [
    {
      key: 'general',
      label: 'General',
      children: (
        <Sections>
          <Panel title="Hub">
            <HubSettingsForm key={`${hub.domain_handle}:${hub.role}`} hub={hub} />
          </Panel>
          {abilities.view_unanswered && <UnansweredQuestions hub={hub} />}
          {abilities.transfer && <TransferOwnership hub={hub} />}
          {abilities.archive && <ArchiveHub hub={hub} />}
        </Sections>
      ),
    },
    {
      key: 'members',
      label: 'Members',
      children: (
        <Sections>
          <HubMembers hub={hub} version={invited} key={`members:${hub.domain_handle}:${hub.role}`} />
        </Sections>
      ),
    },
    abilities.invite && {
      key: 'invitations',
      label: 'Invitations',
      children: (
        <Sections>
          <Panel title="Invitations">
            <InviteForm scope={hubInvitations(hub.domain_handle)} roles={abilities.grant_roles} onInvited={onInvited} />
            <PendingInvitations scope={hubInvitations(hub.domain_handle)} version={invited} />
            {hub.visibility === 'public' && <JoinLink handle={hub.domain_handle} />}
          </Panel>
        </Sections>
      ),
    },
    {
      key: 'forms',
      label: 'Forms',
      children: <TemplateList key={`forms:${hub.domain_handle}:${hub.role}`} canManage={abilities.manage_templates} />,
    },
    (abilities.update || abilities.view_audit) && {
      key: 'security',
      label: 'Security',
      children: (
        <Sections>
          {abilities.update && <HubTwoFactorPolicy hub={hub} />}
          {abilities.view_audit && <AuditLog hub={hub} />}
        </Sections>
      ),
    },
    {
      key: 'billing',
      label: 'Billing',
      children: (
        <Sections>
          <UsagePanel />
          <p style={{ margin: 0 }}>
            <Link href="/hub/billing">See the plans and what each one includes</Link>
          </p>
        </Sections>
      ),
    },
  ];
  return tabs.filter((tab): tab is SettingsTab => tab !== false);
}

/** The active hub's administration, in tabs: General · Members · Invitations · Forms · Security · Billing. */
export function HubSettings() {
  const router = useRouter();
  const hub = useAuthStore((s) => s.user?.active_organization);
  const [invited, setInvited] = useState(0);
  // The tab lives in the address (?tab=), so Back and a shared link open the same one.
  const asked = tabOf(router.query.tab);
  const [active, setActive] = useState<TabKey>(asked);
  const [seen, setSeen] = useState<TabKey>(asked);
  if (asked !== seen) {
    setSeen(asked);
    setActive(asked);
  }

  if (!hub) {
    return (
      <NoHub>
        <h1>You are not in a hub yet</h1>
        <ButtonLink href="/create-hub">Create a hub</ButtonLink>
      </NoHub>
    );
  }

  const tabs = tabsOf(hub, invited, () => setInvited((n) => n + 1));
  // A tab this person cannot use (a link from an owner, a role just changed) falls back to General.
  const shown = tabs.some((tab) => tab.key === active) ? active : 'general';
  const open = (key: string) => {
    const tab = tabOf(key);
    setActive(tab);
    void router.replace({ pathname: router.pathname, query: tab === 'general' ? {} : { tab } }, undefined, { shallow: true });
  };

  return (
    <>
      <PageTitle>
        <h1>Hub settings</h1>
        <p>
          {hub.name} · @{hub.domain_handle} · Your role: {roleLabels[hub.role]}
        </p>
      </PageTitle>
      <Tabs activeKey={shown} onChange={open} items={tabs} />
    </>
  );
}
