import { ErrorPage } from '@/components/layout/ErrorPage';
import type { AppPage } from '@/lib/page';

const NotFoundPage: AppPage = () => (
  <ErrorPage
    status="404"
    title="Page not found"
    description="The page you are looking for does not exist or has moved."
  />
);

NotFoundPage.access = 'public';
export default NotFoundPage;
