import { useState } from 'react';
import { PageTitle } from '@/components/common/PageTitle';
import { AccountActivity } from './AccountActivity';
import { AccountNav } from './AccountNav';
import { Sections } from './AccountSettings';
import { SessionList } from './SessionList';
import { TwoFactorSettings } from './TwoFactorSettings';

/** The person's own sign-in settings: two-factor, passkeys, where they are signed in, and their account's history. */
export function AccountSecurity() {
  // Signing the other sessions out from the two-factor panel loads the list of sessions afresh.
  const [sessionsSeen, setSessionsSeen] = useState(0);
  return (
    <>
      <PageTitle>
        <h1>Sign-in and security</h1>
        <p>Two-factor sign-in, passkeys, the devices you are signed in on and your account&apos;s activity.</p>
      </PageTitle>
      <AccountNav />
      <Sections>
        <TwoFactorSettings onOtherSessionsSignedOut={() => setSessionsSeen((n) => n + 1)} />
        <SessionList key={sessionsSeen} />
        <AccountActivity />
      </Sections>
    </>
  );
}
