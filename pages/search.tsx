import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { HubSearch } from '@/components/contents/search/HubSearch';

const SearchPage: AppPage = () => (
  <>
    <Head>
      <title>Search · Convene</title>
    </Head>
    <HubSearch />
  </>
);

SearchPage.access = 'user';
SearchPage.getLayout = withAppLayout;

export default SearchPage;
