// First-load JavaScript of web pages in the production build: the scripts a
// page's prerendered HTML makes the browser fetch (_app's and the page's
// chunks, chunks of next/dynamic parts rendered on the server, the build's
// manifests), gzipped at level 9 as a web server would send them. Chunks
// imported later on demand (import()) are not counted; `nomodule` polyfills
// only load in browsers without module support and are left out too.
// `npx tsx bench/web/first-load.ts [route…]` prints them for an existing build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from '../web-build';

const root = path.resolve(import.meta.dirname, '..', '..');
const nextDir = path.join(root, '.next');

/** The spec's budgets (issue "Capacity"), in kB of gzip. */
const FIRST_LOAD_BUDGET_KB: Readonly<Record<string, number>> = { '/sign-in': 170, '/': 250 };
const DEFAULT_ROUTES = ['/sign-in', '/', '/spaces/[id]'] as const;

interface BuildManifest {
  polyfillFiles: string[];
  lowPriorityFiles: string[];
  pages: Record<string, string[]>;
}

export interface FirstLoad {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** The scripts the prerendered HTML of a static page loads, as paths under .next. */
function scriptsInHtml(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map(([, attributes = '']) => attributes)
    .filter((attributes) => !/\bnomodule\b/i.test(attributes))
    .map((attributes) => /\bsrc="\/_next\/([^"?]+)/.exec(attributes)?.[1])
    .filter((file): file is string => Boolean(file));
}

/** For a page rendered on each request: _app's and the page's chunks and the manifests, from the build manifest. */
function scriptsInManifest(route: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const own = manifest.pages[route];
  if (!own) throw new Error(`the build has no page ${route}; pages: ${Object.keys(manifest.pages).join(', ')}`);
  const polyfills = new Set(manifest.polyfillFiles);
  return [...(manifest.pages['/_app'] ?? []), ...own, ...manifest.lowPriorityFiles].filter((file) => file.endsWith('.js') && !polyfills.has(file));
}

/** The first-load scripts of one route (a pages-folder route such as `/spaces/[id]`) in the build at `.next`. */
function firstLoadOf(route: string): FirstLoad {
  const html = path.join(nextDir, 'server', 'pages', `${route === '/' ? 'index' : route.slice(1)}.html`);
  const files = [...new Set(existsSync(html) ? scriptsInHtml(readFileSync(html, 'utf8')) : scriptsInManifest(route))];
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(nextDir, file));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { route, files: files.length, rawBytes, gzipBytes };
}


export function measureFirstLoad(routes: readonly string[] = DEFAULT_ROUTES): FirstLoad[] {
  ensureWebBuild();
  return routes.map(firstLoadOf);
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** A Markdown table of the routes with their budgets. */
export function firstLoadSection(results: FirstLoad[]): string {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    'First-load JavaScript per page: the scripts its HTML loads in the production build, gzip -9 (on-demand chunks excluded)',
    '',
    row(['page', 'files', 'raw kB', 'gzip kB', 'budget kB', 'within']),
    row(['---', '---:', '---:', '---:', '---:', '---']),
    ...results.map(({ route, files, rawBytes, gzipBytes }) => {
      const budget = FIRST_LOAD_BUDGET_KB[route];
      return row([
        route, String(files), kb(rawBytes), kb(gzipBytes), budget ? String(budget) : '—',
        budget ? (gzipBytes / 1000 <= budget ? 'yes' : 'NO') : '—',
      ]);
    }),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const routes = process.argv.slice(2);
  console.info(firstLoadSection((routes.length > 0 ? routes : DEFAULT_ROUTES).map(firstLoadOf)));
}
