import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAuthLayout } from '@/components/layout/AuthLayout';
import { withAntd } from '@/components/layout/AntdProvider';
import { SignUpForm } from '@/components/auth/SignUpForm';

const SignUpPage: AppPage = () => (
  <>
    <Head>
      <title>Sign up · Convene</title>
    </Head>
    <SignUpForm />
  </>
);

SignUpPage.access = 'guest';
SignUpPage.getLayout = withAntd(withAuthLayout);

export default SignUpPage;
