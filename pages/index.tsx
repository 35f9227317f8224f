import { Suspense } from 'react';
import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { PageSkeleton } from '@/components/layout/PageSkeleton';
import { preloaded, withLazyAppLayout } from '@/components/layout/LazyAppLayout';
import { useAuthStore } from '@/store/auth';

// The hub's panels are built with antd: in the browser they load while the session is restored.
const HubHome = preloaded(() => import('@/components/hubs/HubHome').then((m) => m.HubHome));

const HubHomePage: AppPage = () => {
  const hubName = useAuthStore((s) => s.user?.active_organization?.name);
  return (
    <>
      <Head>
        <title>{hubName ? `${hubName} · Convene` : 'Convene'}</title>
      </Head>
      <Suspense fallback={<PageSkeleton />}>
        <HubHome />
      </Suspense>
    </>
  );
};

HubHomePage.access = 'user';
HubHomePage.getLayout = withLazyAppLayout;

export default HubHomePage;
