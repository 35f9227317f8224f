import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAuthLayout } from '@/components/layout/AuthLayout';
import { withAntd } from '@/components/layout/AntdProvider';
import { ForgotPasswordForm } from '@/components/auth/ForgotPasswordForm';

const ForgotPasswordPage: AppPage = () => (
  <>
    <Head>
      <title>Forgot password · Convene</title>
    </Head>
    <ForgotPasswordForm />
  </>
);

ForgotPasswordPage.access = 'guest';
ForgotPasswordPage.getLayout = withAntd(withAuthLayout);

export default ForgotPasswordPage;
