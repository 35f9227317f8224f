import Head from 'next/head';
import { useRouter } from 'next/router';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { SpaceView } from '@/components/spaces/SpaceView';

const SpacePage: AppPage = () => {
  const router = useRouter();
  const id = typeof router.query.id === 'string' ? router.query.id : null;
  return (
    <>
      <Head>
        <title>Space · Convene</title>
      </Head>
      <SpaceView id={id} />
    </>
  );
};

SpacePage.access = 'user';
SpacePage.getLayout = withAppLayout;

export default SpacePage;
