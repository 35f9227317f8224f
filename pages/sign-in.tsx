import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAuthLayout } from '@/components/layout/AuthLayout';
import { SignInForm } from '@/components/auth/SignInForm';

const SignInPage: AppPage = () => (
  <>
    <Head>
      <title>Sign in · Convene</title>
    </Head>
    <SignInForm />
  </>
);

SignInPage.access = 'guest';
SignInPage.getLayout = withAuthLayout;

export default SignInPage;
