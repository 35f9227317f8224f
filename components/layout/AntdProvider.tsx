import { useContext, type ReactElement, type ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { AntdStyleCacheContext } from '@/client/antd-style-cache';
import { antdModal, antdTheme } from '@/client/theme';
import { validateMessages } from '@/lib/validation/messages';

/**
 * antd's theme, locale and form messages, for the parts of the app built with
 * antd. Pages wrap their layout in it (not _app), so pages without antd do
 * not load it; on the server it writes antd's styles into _document's cache.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const cache = useContext(AntdStyleCacheContext);
  const app = (
    <ConfigProvider theme={antdTheme} locale={enUS} form={{ validateMessages }} modal={antdModal}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
  return cache ? <StyleProvider cache={cache}>{app}</StyleProvider> : app;
}

/** Wraps a `getLayout` in AntdProvider. */
export function withAntd(getLayout: (page: ReactElement) => ReactNode = (page) => page) {
  return function withAntdLayout(page: ReactElement) {
    return <AntdProvider>{getLayout(page)}</AntdProvider>;
  };
}
