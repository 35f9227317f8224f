import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { AccountSecurity } from '@/components/account/AccountSecurity';

const AccountSecurityPage: AppPage = () => (
  <>
    <Head>
      <title>Sign-in and security · Convene</title>
    </Head>
    <AccountSecurity />
  </>
);

AccountSecurityPage.access = 'user';
AccountSecurityPage.getLayout = withAppLayout;

export default AccountSecurityPage;
