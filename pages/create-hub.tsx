import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withOnboardingLayout } from '@/components/onboarding/OnboardingLayout';
import { CreateHubForm } from '@/components/hubs/CreateHubForm';

const CreateHubPage: AppPage = () => (
  <>
    <Head>
      <title>Create a hub · Convene</title>
    </Head>
    <CreateHubForm />
  </>
);

CreateHubPage.access = 'user';
CreateHubPage.getLayout = withOnboardingLayout;

export default CreateHubPage;
