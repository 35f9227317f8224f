import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAuthLayout } from '@/components/layout/AuthLayout';
import { withAntd } from '@/components/layout/AntdProvider';
import { VerifyForm } from '@/components/auth/VerifyForm';

const VerifyPage: AppPage = () => (
  <>
    <Head>
      <title>Verify your email · Convene</title>
    </Head>
    <VerifyForm />
  </>
);

VerifyPage.access = 'guest';
VerifyPage.getLayout = withAntd(withAuthLayout);

export default VerifyPage;
