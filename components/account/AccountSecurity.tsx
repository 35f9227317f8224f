import { PageTitle } from '@/components/common/PageTitle';
import { AccountActivity } from './AccountActivity';
import { AccountNav } from './AccountNav';
import { Sections } from './AccountSettings';
import { SessionList } from './SessionList';
import { TwoFactorSettings } from './TwoFactorSettings';

/** The person's own sign-in settings: two-factor, passkeys, where they are signed in, and their account's history. */
export function AccountSecurity() {
  return (
    <>
      <PageTitle>
        <h1>Sign-in and security</h1>
        <p>Two-factor sign-in, passkeys, the devices you are signed in on and your account&apos;s activity.</p>
      </PageTitle>
      <AccountNav />
      <Sections>
        <TwoFactorSettings />
        <SessionList />
        <AccountActivity />
      </Sections>
    </>
  );
}
