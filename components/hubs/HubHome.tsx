import styled from 'styled-components';
import { useShallow } from 'zustand/react/shallow';
import { breakpoints, type BadgeStatus } from '@/lib/constants';
import type { Home } from '@/lib/contract/home';
import type { HubVisibility } from '@/lib/contract/settings';
import { colors } from '@/lib/palette';
import { homeApi } from '@/client/http/home-api';
import { useAuthStore } from '@/store/auth';
import { ButtonLink } from '@/components/common/ButtonLink';
import { HubAvatar } from '@/components/common/HubAvatar';
import { LoadFailure } from '@/components/common/LoadFailure';
import { StatusBadge } from '@/components/common/StatusBadge';
import { SpaceList } from '@/components/spaces/SpaceList';
import { useLoad } from '@/components/ui/useLoad';
import { memberCount } from '../common/memberCount';
import { MeetingsNow } from './MeetingsNow';
import { RecentItems } from './RecentItems';

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

const Sections = styled.div`
  display: grid;
  /* minmax(0, …): a long name inside must not widen a column past a phone's screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;

  /* A wide screen puts what is going on now beside what changed; the spaces run the full width below. */
  @media (min-width: ${breakpoints.xl}px) {
    grid-template-columns: minmax(0, 2fr) minmax(300px, 1fr);
    align-items: start;

    > .spaces {
      grid-column: 1 / -1;
    }
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

/** The active hub at a glance: what changed lately, who is meeting now, and its spaces. */
export function HubHome() {
  const { user, settings } = useAuthStore(useShallow((s) => ({ user: s.user, settings: s.settings })));
  const hub = user?.active_organization;
  // Switching hubs loads the other hub's home: requests follow the active hub.
  const { load, retry } = useLoad<Home>(hub?.domain_handle ?? null, () => homeApi.get().then((r) => r.data));

  if (!user || !hub) {
    return (
      <NoHub>
        <h1>You are not in a hub yet</h1>
        <p>Create a hub for your team, or join one you have been invited to.</p>
        <ButtonLink href="/create-hub">Create a hub</ButtonLink>
      </NoHub>
    );
  }

  const home = load.state === 'ready' ? load.value : null;
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
      </Hero>
      {hub.description && <Description>{hub.description}</Description>}
      <Sections>
        {load.state === 'ready' || load.state === 'loading' ? (
          <>
            <RecentItems
              items={home?.recent_contents ?? null}
              spaceCount={home?.space_count ?? 0}
              mayCreateSpace={hub.abilities.create_space}
            />
            <MeetingsNow initial={home?.live_meetings ?? null} />
          </>
        ) : (
          <LoadFailure message="We could not load what is new in the hub." error={load.message} onRetry={retry} style={{ gridColumn: '1 / -1' }} />
        )}
        <div className="spaces" id="spaces">
          <SpaceList />
        </div>
      </Sections>
    </>
  );
}
