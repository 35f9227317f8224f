import styled from 'styled-components';
import { PageTitle } from '@/components/common/PageTitle';
import { AccountActivity } from './AccountActivity';
import { SessionList } from './SessionList';
import { TwoFactorSettings } from './TwoFactorSettings';

const Sections = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;

/** The person's own sign-in settings: two-factor, passkeys, where they are signed in, and their account's history. */
export function AccountSecurity() {
  return (
    <>
      <PageTitle>
        <h1>Sign-in and security</h1>
        <p>Two-factor sign-in, passkeys, the devices you are signed in on and your account&apos;s activity.</p>
      </PageTitle>
      <Sections>
        <TwoFactorSettings />
        <SessionList />
        <AccountActivity />
      </Sections>
    </>
  );
}
