// @vitest-environment node
import type { AppProps } from 'next/app';
import { renderToReadableStream } from 'react-dom/server';
import { createCache, extractStyle } from '@ant-design/cssinjs';
import { ServerStyleSheet } from 'styled-components';
import { describe, expect, it } from 'vitest';
import type { AppPage } from '@/lib/page';
import ConveneApp from '@/pages/_app';
import HubHomePage from '@/pages/index';
import SignInPage from '@/pages/sign-in';
import { mockRouter, resetRouter } from '@/tests/router';

/**
 * The HTML the server sends for a page, with the styles _document puts in its
 * head: rendered as Next renders pages (waiting for every lazy part).
 */
async function firstHtml(Page: AppPage, path: string) {
  resetRouter(path);
  const antdCache = createCache();
  const sheet = new ServerStyleSheet();
  try {
    // _app does not read the router prop; the pages read next/router, mocked above.
    const router = mockRouter as unknown as AppProps['router'];
    const stream = await renderToReadableStream(
      sheet.collectStyles(<ConveneApp Component={Page} pageProps={{}} router={router} antdCache={antdCache} />),
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    return { html, antdStyles: extractStyle(antdCache, true), styledStyles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

describe('the first HTML of a page', () => {
  it('/sign-in: the sign-in form itself, styled, no spinner', async () => {
    const { html, styledStyles } = await firstHtml(SignInPage, '/sign-in');
    expect(html).toMatch(/<input(?=[^>]*id="sign-in_email")(?=[^>]*type="email")[^>]*>/);
    expect(html).toMatch(/<input(?=[^>]*id="sign-in_password")(?=[^>]*type="password")[^>]*>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Sign in/);
    expect(html).toContain('Welcome back');
    expect(html).not.toContain('aria-label="Loading"');
    // Disabled only until the page's script has hydrated it (it does not wait for the session check).
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    // The auth layout's and the form's own styles are in the head, not added later.
    expect(styledStyles).toContain('grid-template-columns');
  });

  it('/: the app shell with placeholders, styled, and nothing of anyone’s data', async () => {
    const { html, antdStyles, styledStyles } = await firstHtml(HubHomePage, '/');
    expect(html).toMatch(/<header[^>]*ant-layout-header/);
    expect(html).toContain('aria-label="Convene home"');
    expect(html).toContain('ant-layout-sider');
    expect(html).toMatch(/<main[^>]*id="main"[\s\S]*role="status"[^>]*aria-label="Loading"/);
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain('Account menu');
    expect(antdStyles).toContain('.ant-layout');
    expect(styledStyles).toContain('position:sticky');
  });
});
