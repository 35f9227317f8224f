// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_ACCESS } from '@/lib/page';
import { TOKEN_COOKIE } from '@/lib/token-cookie';
import { config, proxy } from '@/proxy';

const origin = 'http://app.test';
const pagesDir = path.resolve(__dirname, '../../pages');

/** Every page file with an example URL for it and the access it declares. */
function pages(dir = pagesDir): { url: string; access: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' ? [] : pages(file);
    if (!entry.name.endsWith('.tsx') || entry.name.startsWith('_')) return [];
    const route = path.relative(pagesDir, file).replace(/\.tsx$/, '').replace(/(^|\/)index$/, '').replace(/\[\w+\]/g, 'x1');
    const access = /\.access = '(\w+)'/.exec(readFileSync(file, 'utf8'))?.[1] ?? DEFAULT_PAGE_ACCESS;
    return [{ url: `/${route}`, access }];
  });
}

const visit = (url: string, cookie?: string) =>
  proxy(new NextRequest(`${origin}${url}`, cookie ? { headers: { cookie } } : undefined));

describe('proxy', () => {
  it("runs on exactly the pages whose access is 'user'", () => {
    const all = pages();
    expect(all.map((p) => p.url)).toContain('/sign-in');
    for (const { url, access } of all) {
      expect({ url, runs: unstable_doesMiddlewareMatch({ config, url }) }).toEqual({ url, runs: access === 'user' });
    }
  });

  it('leaves unknown paths, the API and static files alone', () => {
    for (const url of ['/no-such-page', '/api/token', '/api/v1/auth/me/', '/_next/static/chunks/main.js', '/favicon.svg']) {
      expect({ url, runs: unstable_doesMiddlewareMatch({ config, url }) }).toEqual({ url, runs: false });
    }
  });

  it('sends a visitor without the cookie to sign-in, keeping the path as next', () => {
    const answer = visit('/spaces/7?tab=files');
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(`${origin}/sign-in?next=${encodeURIComponent('/spaces/7?tab=files')}`);
  });

  it('sends a visitor without the cookie from the hub home to plain sign-in', () => {
    const answer = visit('/');
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(`${origin}/sign-in`);
  });

  it('lets a request with the cookie through to the page', () => {
    const answer = visit('/spaces/7', `${TOKEN_COOKIE}=abc.def.ghi`);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('x-middleware-next')).toBe('1');
  });

  it('treats an empty cookie as none', () => {
    expect(visit('/search', `${TOKEN_COOKIE}=`).status).toBe(307);
  });
});
