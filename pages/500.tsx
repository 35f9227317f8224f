import { ErrorPage } from '@/components/layout/ErrorPage';
import type { AppPage } from '@/lib/page';

const ServerErrorPage: AppPage = () => (
  <ErrorPage
    status="500"
    title="Something went wrong"
    description="We could not show this page. Please try again in a moment."
  />
);

ServerErrorPage.access = 'public';
export default ServerErrorPage;
