import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAuthLayout } from '@/components/auth/AuthLayout';
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
SignUpPage.getLayout = withAuthLayout;

export default SignUpPage;
