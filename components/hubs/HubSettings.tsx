import { useState } from 'react';
import styled from 'styled-components';
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
import { ArchiveHub } from './ArchiveHub';
import { HubSettingsForm } from './HubSettingsForm';
import { Panel } from '../ui/Panel';
import { roleLabels } from '../common/roles';

const Sections = styled.div`
  display: grid;
  /* minmax(0, …): a wide field inside must not widen the column past a phone's screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;

const NoHub = styled.div`
  max-width: 360px;
  margin: 64px auto;
  text-align: center;
`;

/**
 * The active hub's administration: its settings, plan usage, members,
 * invitations and, for owners, transfer and archive. Each part shows only
 * to the roles that may use it (design §5); the API checks again.
 */
export function HubSettings() {
  const hub = useAuthStore((s) => s.user?.active_organization);
  const [invited, setInvited] = useState(0);

  if (!hub) {
    return (
      <NoHub>
        <h1>You are not in a hub yet</h1>
        <ButtonLink href="/create-hub">Create a hub</ButtonLink>
      </NoHub>
    );
  }

  const { abilities } = hub;
  return (
    <>
      <PageTitle>
        <h1>Hub settings</h1>
        <p>
          {hub.name} · @{hub.domain_handle} · Your role: {roleLabels[hub.role]}
        </p>
      </PageTitle>
      <Sections>
        <Panel title="Hub">
          <HubSettingsForm key={`${hub.domain_handle}:${hub.role}`} hub={hub} />
        </Panel>
        <UsagePanel />
        <HubMembers hub={hub} version={invited} key={`members:${hub.domain_handle}:${hub.role}`} />
        {abilities.invite && (
          <Panel title="Invitations">
            <InviteForm scope={hubInvitations(hub.domain_handle)} roles={abilities.grant_roles} onInvited={() => setInvited((n) => n + 1)} />
            <PendingInvitations scope={hubInvitations(hub.domain_handle)} version={invited} />
            {hub.visibility === 'public' && <JoinLink handle={hub.domain_handle} />}
          </Panel>
        )}
        {abilities.update && <HubTwoFactorPolicy hub={hub} />}
        {abilities.view_audit && <AuditLog hub={hub} />}
        {/* Owners', like the audit log, until hub abilities name it. */}
        {abilities.view_unanswered && <UnansweredQuestions hub={hub} />}
        {abilities.transfer && <TransferOwnership hub={hub} />}
        {abilities.archive && <ArchiveHub hub={hub} />}
      </Sections>
    </>
  );
}
