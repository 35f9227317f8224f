import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { AccountSettings } from '@/components/account/AccountSettings';

const AccountSettingsPage: AppPage = () => (
  <>
    <Head>
      <title>Account settings · Convene</title>
    </Head>
    <AccountSettings />
  </>
);

AccountSettingsPage.access = 'user';
AccountSettingsPage.getLayout = withAppLayout;

export default AccountSettingsPage;
