import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { HubHome } from '@/components/hubs/HubHome';
import { useAuthStore } from '@/store/auth';

const HubHomePage: AppPage = () => {
  const hubName = useAuthStore((s) => s.user?.active_organization?.name);
  return (
    <>
      <Head>
        <title>{hubName ? `${hubName} · Convene` : 'Convene'}</title>
      </Head>
      <HubHome />
    </>
  );
};

HubHomePage.access = 'user';
HubHomePage.getLayout = withAppLayout;

export default HubHomePage;
