import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { withAppLayout } from '@/components/layout/AppLayout';
import { HubSearch } from '@/components/contents/search/HubSearch';
import { AskBesideResults } from '@/components/ask/AskBesideResults';

const SearchPage: AppPage = () => (
  <>
    <Head>
      <title>Search · Convene</title>
    </Head>
    <HubSearch besideResults={AskBesideResults} />
  </>
);

SearchPage.access = 'user';
SearchPage.getLayout = withAppLayout;

export default SearchPage;
