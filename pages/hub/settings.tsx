import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { HubSettings } from '@/components/hubs/HubSettings';

const HubSettingsPage: AppPage = () => (
  <>
    <Head>
      <title>Hub settings · Convene</title>
    </Head>
    <HubSettings />
  </>
);

HubSettingsPage.access = 'user';
HubSettingsPage.getLayout = withAppLayout;

export default HubSettingsPage;
