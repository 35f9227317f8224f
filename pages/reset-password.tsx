import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAuthLayout } from '@/components/layout/AuthLayout';
import { withAntd } from '@/components/layout/AntdProvider';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';

const ResetPasswordPage: AppPage = () => (
  <>
    <Head>
      <title>Reset password · Convene</title>
    </Head>
    <ResetPasswordForm />
  </>
);

ResetPasswordPage.access = 'guest';
ResetPasswordPage.getLayout = withAntd(withAuthLayout);

export default ResetPasswordPage;
