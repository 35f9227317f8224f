import styled from 'styled-components';
import { useShallow } from 'zustand/react/shallow';
import { breakpoints, type BadgeStatus } from '@/lib/constants';
import type { HubVisibility } from '@/lib/contract/settings';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { ButtonLink } from '@/components/common/ButtonLink';
import { HubAvatar } from '@/components/common/HubAvatar';
import { StatusBadge } from '@/components/common/StatusBadge';
import { StartMeetingButton } from '@/components/meetings/StartMeetingButton';
import { SpaceList } from '@/components/spaces/SpaceList';
import { MemberCard } from './MemberCard';
import { memberCount } from '../common/memberCount';
import { PlanCard } from './PlanCard';
import { PlanUnavailable } from './PlanUnavailable';

const visibilityBadge: Record<HubVisibility, BadgeStatus> = { public: 'success', shared: 'info' };

const Hero = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
  margin-bottom: 28px;

  h1 {
    margin: 0;
    font-size: 24px;
    font-weight: 600;
    line-height: 1.2;
    letter-spacing: -0.02em;
    color: ${colors.heading};
    overflow-wrap: anywhere;

    @media (min-width: ${breakpoints.sm}px) {
      font-size: 28px;
    }
  }
`;

const HeroMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 6px;
  font-size: 14px;
  color: ${colors.textSecondary};
`;

const Description = styled.p`
  margin: -12px 0 28px;
  font-size: 15px;
  line-height: 1.6;
  color: ${colors.text};
`;

const Grid = styled.div`
  display: grid;
  gap: 16px;
  margin-bottom: 16px;

  @media (min-width: ${breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const NoHub = styled.div`
  max-width: 360px;
  margin: 64px auto;
  text-align: center;

  h1 {
    font-size: 22px;
    font-weight: 600;
  }

  p {
    margin-bottom: 20px;
    color: ${colors.textSecondary};
  }
`;

/** The active hub at a glance: the hub, you, its plan, and its spaces. */
export function HubHome() {
  const { user, subscription, currency, settings } = useAuthStore(
    useShallow((s) => ({ user: s.user, subscription: s.subscription, currency: s.currency, settings: s.settings })),
  );
  const hub = user?.active_organization;

  if (!user || !hub) {
    return (
      <NoHub>
        <h1>You are not in a hub yet</h1>
        <p>Create a hub for your team, or join one you have been invited to.</p>
        <ButtonLink href="/create-hub">Create a hub</ButtonLink>
      </NoHub>
    );
  }

  const visibilityLabel =
    settings?.permissions.hub_visibility.find((v) => v.value === hub.visibility)?.label ?? hub.visibility;

  return (
    <>
      <Hero>
        <HubAvatar name={hub.name} colour={hub.colour} size={56} />
        <div style={{ minWidth: 0 }}>
          <h1>{hub.name}</h1>
          <HeroMeta>
            <span>
              @{hub.domain_handle} · {memberCount(hub.member_count)}
            </span>
            <StatusBadge status={visibilityBadge[hub.visibility]}>{visibilityLabel}</StatusBadge>
          </HeroMeta>
        </div>
        <div style={{ marginLeft: 'auto' }}>
          <StartMeetingButton />
        </div>
      </Hero>
      {hub.description && <Description>{hub.description}</Description>}
      <Grid>
        <MemberCard user={user} settings={settings} />
        {subscription ? <PlanCard subscription={subscription} currency={currency} /> : <PlanUnavailable />}
      </Grid>
      <SpaceList />
    </>
  );
}
