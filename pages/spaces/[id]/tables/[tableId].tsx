import { useRouter } from 'next/router';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { RecordTableView } from '@/components/records/table/RecordTableView';

/** A record table of a space, opened as a page of its own (like a Notion database). */
const RecordTablePage: AppPage = () => {
  const router = useRouter();
  const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);
  return <RecordTableView spaceId={one(router.query.id)} tableId={one(router.query.tableId)} />;
};

RecordTablePage.access = 'user';
RecordTablePage.getLayout = withAppLayout;

export default RecordTablePage;
