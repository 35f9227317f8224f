// First, before any schema is used.
import '@/lib/zod-jitless';
import '@fontsource/be-vietnam-pro/400.css';
import '@fontsource/be-vietnam-pro/500.css';
import '@fontsource/be-vietnam-pro/600.css';
import '@fontsource/be-vietnam-pro/700.css';
import type { ReactElement } from 'react';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { StyleProvider, type createCache } from '@ant-design/cssinjs';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { ThemeProvider } from 'styled-components';
import { AuthGuard } from '@/components/layout/AuthGuard';
import { DefaultLayout } from '@/components/layout/DefaultLayout';
import { FullPageSpinner } from '@/components/layout/FullPageSpinner';
import { RequestMessages } from '@/components/layout/RequestMessages';
import { RouteProgress } from '@/components/layout/RouteProgress';
import { DEFAULT_PAGE_ACCESS, type AppPage } from '@/lib/page';
import { antdTheme, styledTheme } from '@/lib/theme';
import { validateMessages } from '@/lib/validation/messages';
import { useMockApi } from '@/mocks/useMockApi';
import { GlobalStyle } from '@/styles/GlobalStyle';

type ConveneAppProps = AppProps & {
  Component: AppPage;
  /** Set only while _document renders on the server, to collect antd's styles. */
  antdCache?: ReturnType<typeof createCache>;
};

const defaultLayout = (page: ReactElement) => <DefaultLayout>{page}</DefaultLayout>;

export default function ConveneApp({ Component, pageProps, antdCache }: ConveneAppProps) {
  const mockReady = useMockApi();
  const getLayout = Component.getLayout ?? defaultLayout;

  const app = (
    <ThemeProvider theme={styledTheme}>
      <ConfigProvider theme={antdTheme} locale={enUS} form={{ validateMessages }}>
        <AntdApp>
          <Head>
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Convene</title>
          </Head>
          <GlobalStyle />
          <RouteProgress />
          <RequestMessages />
          {mockReady ? (
            <AuthGuard access={Component.access ?? DEFAULT_PAGE_ACCESS}>
              {getLayout(<Component {...pageProps} />)}
            </AuthGuard>
          ) : (
            <FullPageSpinner />
          )}
        </AntdApp>
      </ConfigProvider>
    </ThemeProvider>
  );
  return antdCache ? <StyleProvider cache={antdCache}>{app}</StyleProvider> : app;
}
