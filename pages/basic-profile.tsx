import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withOnboardingLayout } from '@/components/onboarding/OnboardingLayout';
import { ProfileForm } from '@/components/onboarding/ProfileForm';

const BasicProfilePage: AppPage = () => (
  <>
    <Head>
      <title>Your profile · Convene</title>
    </Head>
    <ProfileForm />
  </>
);

BasicProfilePage.access = 'user';
BasicProfilePage.getLayout = withOnboardingLayout;

export default BasicProfilePage;
