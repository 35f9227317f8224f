// `npm start`: builds the web app if needed, then serves the whole product in
// this process (no child to forward signals to: Ctrl-C reaches the server directly).
import { register } from 'tsx/esm/api';
import { ensureNextBuild } from './lib/next-build.mjs';

process.env.NODE_ENV = 'production';
register();
const { loadDotEnv, runConvene } = await import('../server/main.ts');
// Before the build check: NEXT_PUBLIC_* settings in .env are part of the build.
loadDotEnv();
ensureNextBuild();
await runConvene();
