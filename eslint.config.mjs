import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { importLayers } from './scripts/lint/import-layers.mjs';

/*
 * Inside server/, lowest first: a folder imports folders of earlier layers
 * only, and folders of one layer never import each other, so no cycle can
 * form. The routes call the domain's operations; the domain reads files
 * through processing (extraction and its worker threads, which know no
 * database); all of them build on db, lib and storage. Tests and their
 * kits are outside the layers, as at the top.
 */
const serverLayers = [['db'], ['lib', 'storage'], ['processing'], ['domain'], ['routes']];
const serverZones = serverLayers.flatMap((layer, rank) =>
  layer.map((area) => ({
    target: `./server/${area}`,
    from: serverLayers.slice(rank).flat().filter((other) => other !== area).map((other) => `./server/${other}`),
    message: `server/${area} may import only the server folders below it (see serverLayers in eslint.config.mjs).`,
  })),
);

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['warn', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    // The web app names endpoints by their `METHOD path/` key: the endpoint tables carry every
    // schema, which would otherwise join the pages' first load (the sign-in page loads no zod).
    files: ['components/**', 'pages/**', 'store/**', 'client/http/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/contract/*'],
          importNamePattern: 'Endpoints$',
          allowTypeImports: true,
          message: 'Call endpoints by their key (call(\'GET spaces/\', …)); only types may come from the endpoint tables.',
        }, {
          group: ['**/contract/endpoints'],
          allowTypeImports: true,
          message: 'Only types may come from the endpoint registry in browser code.',
        }],
      }],
    },
  },
  {
    // Folders show where code runs and what builds on what; see the layers in the rule's file.
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { convene: { rules: { 'import-layers': importLayers } } },
    rules: { 'convene/import-layers': 'error' },
  },
  {
    files: ['server/**/*.{ts,mjs,js}'],
    ignores: ['server/**/*.test.ts', 'server/**/*-test-kit.ts', 'server/test/**'],
    rules: { 'import/no-restricted-paths': ['error', { zones: serverZones, basePath: import.meta.dirname }] },
  },
  {
    // Colours are named once, in the palette; everything else paints with its names.
    files: ['components/**', 'pages/**', 'styles/**', 'client/**', 'lib/**'],
    ignores: ['lib/palette.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...['Literal[value=/#[0-9a-fA-F]{3,8}\\b/]', 'TemplateElement[value.raw=/#[0-9a-fA-F]{3,8}\\b/]'].map((selector) => ({
        selector,
        message: 'Use a colour from lib/palette.ts (colors, hues, …) instead of a hex value.',
      }))],
    },
  },
  {
    ignores: ['.next/**', 'node_modules/**', 'data/**', 'public/mockServiceWorker.js', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**', 'next-env.d.ts'],
  },
];

export default config;
