// First, before any schema is used.
import '@/lib/zod-jitless';
import '@fontsource/be-vietnam-pro/400.css';
import '@fontsource/be-vietnam-pro/500.css';
import '@fontsource/be-vietnam-pro/600.css';
import '@fontsource/be-vietnam-pro/700.css';
import { lazy } from 'react';
import type { createCache } from '@ant-design/cssinjs';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { ThemeProvider } from 'styled-components';
import { AuthGuard } from '@/components/layout/AuthGuard';
import { withDefaultLayout } from '@/components/layout/DefaultLayout';
import { RequestMessages } from '@/components/layout/RequestMessages';
import { RouteProgress } from '@/components/layout/RouteProgress';
import { AskEntryContext } from '@/components/layout/HeaderAsk';
import { SearchSuggestionsContext, type SearchSuggestionsProps } from '@/components/layout/searchSuggestions';
import { ShellPartsContext, type NewSpaceProps } from '@/components/layout/shellParts';
import { AntdStyleCacheContext } from '@/client/antd-style-cache';
import { DEFAULT_PAGE_ACCESS, type AppPage } from '@/lib/page';
import { styledTheme } from '@/client/theme';
import { useMockApi } from '@/mocks/useMockApi';
import { GlobalStyle } from '@/styles/GlobalStyle';

// The header's search suggestions sit above the layout's layer; their code comes when the search box is first focused.
const SearchSuggestions = lazy(() => import('@/components/contents/search/SearchSuggestions').then((m) => ({ default: m.SearchSuggestions })));
const suggestions = (props: SearchSuggestionsProps) => <SearchSuggestions {...props} />;
// The header's Ask button likewise; the Ask panel itself loads with its first opening.
const AskButton = lazy(() => import('@/components/ask/LazyAsk').then((m) => ({ default: m.AskButton })));
// The shell's ⌘K palette and "New space" form, loaded when first opened.
const CommandPalette = lazy(() => import('@/components/spaces/CommandPalette').then((m) => ({ default: m.CommandPalette })));
const CreateSpaceModal = lazy(() => import('@/components/spaces/CreateSpaceModal').then((m) => ({ default: m.CreateSpaceModal })));
const shellParts = { CommandPalette, NewSpace: (props: NewSpaceProps) => <CreateSpaceModal {...props} onCreated={props.onClose} /> };

type ConveneAppProps = AppProps & {
  Component: AppPage;
  /** Set only while _document renders on the server, to collect antd's styles. */
  antdCache?: ReturnType<typeof createCache>;
};

/**
 * What every page needs, and nothing of antd: the pages built with antd get
 * its provider from their layout (AntdProvider), so the others load without it.
 */
export default function ConveneApp({ Component, pageProps, antdCache }: ConveneAppProps) {
  const mockReady = useMockApi();
  const getLayout = Component.getLayout ?? withDefaultLayout;

  return (
    <AntdStyleCacheContext value={antdCache}>
      <ThemeProvider theme={styledTheme}>
        <Head>
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Convene</title>
        </Head>
        <GlobalStyle />
        <RouteProgress />
        <RequestMessages />
        <SearchSuggestionsContext value={suggestions}>
          <AskEntryContext value={AskButton}>
            <ShellPartsContext value={shellParts}>
              <AuthGuard access={Component.access ?? DEFAULT_PAGE_ACCESS} layout={getLayout} apiReady={mockReady}>
                <Component {...pageProps} />
              </AuthGuard>
            </ShellPartsContext>
          </AskEntryContext>
        </SearchSuggestionsContext>
      </ThemeProvider>
    </AntdStyleCacheContext>
  );
}
