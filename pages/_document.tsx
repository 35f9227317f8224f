import type { ComponentProps, ComponentType } from 'react';
import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { createCache, extractStyle } from '@ant-design/cssinjs';
import { ServerStyleSheet } from 'styled-components';
import { theme } from '@/lib/constants';

/**
 * Renders the page's antd (css-in-js) and styled-components styles into the
 * HTML, so the first paint is already styled (no flash of unstyled content).
 */
export default class ConveneDocument extends Document {
  static async getInitialProps(ctx: DocumentContext): Promise<DocumentInitialProps> {
    const antdCache = createCache();
    const sheet = new ServerStyleSheet();
    const originalRenderPage = ctx.renderPage;
    try {
      ctx.renderPage = () =>
        originalRenderPage({
          enhanceApp: (App) => {
            // _app hands the cache to the pages' AntdProvider, whose StyleProvider fills it: the
            // bundler may give _document its own copy of @ant-design/cssinjs, whose context antd would not see.
            const CacheAwareApp = App as ComponentType<ComponentProps<typeof App> & { antdCache: typeof antdCache }>;
            return function StyledApp(props) {
              return sheet.collectStyles(<CacheAwareApp {...props} antdCache={antdCache} />);
            };
          },
        });
      const initialProps = await Document.getInitialProps(ctx);
      return {
        ...initialProps,
        styles: (
          <>
            {initialProps.styles}
            {/* antd first, so styled-components rules can override it. */}
            <style id="antd-ssr" dangerouslySetInnerHTML={{ __html: extractStyle(antdCache, true) }} />
            {sheet.getStyleElement()}
          </>
        ),
      };
    } finally {
      sheet.seal();
    }
  }

  render() {
    return (
      <Html lang="en">
        <Head>
          <meta name="theme-color" content={theme.primaryColor} />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </Head>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
