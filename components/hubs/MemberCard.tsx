import styled from 'styled-components';
import type { User } from '@/lib/contract/auth';
import type { BasicSettings } from '@/lib/contract/settings';
import { colors } from '@/lib/palette';
import { HubAvatar } from '@/components/common/HubAvatar';
import { StatusBadge } from '@/components/common/StatusBadge';
import { Panel } from '../ui/Panel';

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  min-width: 0;

  strong {
    display: block;
    font-size: 16px;
    font-weight: 600;
    color: ${colors.heading};
  }

  span.secondary {
    display: block;
    font-size: 13px;
    color: ${colors.textSecondary};
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const About = styled.p`
  margin: 14px 0 0;
  font-size: 14px;
  line-height: 1.55;
  color: ${colors.text};
`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The signed-in person: name, job role, email and their role in this hub. */
export function MemberCard({ user, settings }: { user: User; settings: BasicSettings | null }) {
  const jobRole = settings?.profile_roles.find((r) => r.value === user.profile.role)?.label ?? user.profile.role;
  const hubRole = user.active_organization?.role;
  return (
    <Panel title="You" aside={hubRole && <StatusBadge status="info">{capitalise(hubRole)}</StatusBadge>}>
      <Person>
        <HubAvatar name={user.name} colour={user.profile.colour} size={48} round />
        <div style={{ minWidth: 0 }}>
          <strong>{user.name}</strong>
          {jobRole && <span className="secondary">{jobRole}</span>}
          <span className="secondary">{user.email}</span>
        </div>
      </Person>
      {user.profile.about && <About>{user.profile.about}</About>}
    </Panel>
  );
}
