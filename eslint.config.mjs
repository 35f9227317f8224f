import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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
    ignores: ['.next/**', 'node_modules/**', 'data/**', 'public/mockServiceWorker.js', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**', 'next-env.d.ts'],
  },
];

export default config;
