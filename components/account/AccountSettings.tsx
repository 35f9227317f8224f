import styled from 'styled-components';
import { PageTitle } from '@/components/common/PageTitle';
import { Panel } from '@/components/ui/Panel';
import { AccountNav } from './AccountNav';
import { EmailSettings } from './EmailSettings';
import { PasswordSettings } from './PasswordSettings';
import { PhotoSettings } from './PhotoSettings';
import { ProfileSettings } from './ProfileSettings';

export const Sections = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;

/** The person's own account: how others see them (profile, photo), and how they sign in (email, password). */
export function AccountSettings() {
  return (
    <>
      <PageTitle>
        <h1>Account settings</h1>
        <p>How your teammates see you, and the email and password you sign in with.</p>
      </PageTitle>
      <AccountNav />
      <Sections>
        <Panel title="Profile">
          <ProfileSettings />
        </Panel>
        <Panel title="Photo">
          <PhotoSettings />
        </Panel>
        <Panel title="Email">
          <EmailSettings />
        </Panel>
        <Panel title="Password">
          <PasswordSettings />
        </Panel>
      </Sections>
    </>
  );
}
