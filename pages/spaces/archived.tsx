import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { ArchivedSpaces } from '@/components/spaces/ArchivedSpaces';

const ArchivedSpacesPage: AppPage = () => <ArchivedSpaces />;

ArchivedSpacesPage.access = 'user';
ArchivedSpacesPage.getLayout = withAppLayout;

export default ArchivedSpacesPage;
