// zod probes whether it may compile validators with `new Function` when it
// makes an object schema, which the web app's Content-Security-Policy (no
// 'unsafe-eval') reports as a violation on every page. The browser validates
// small forms: the interpreter is enough.
//
// z.config() only writes to the object zod keeps on globalThis (zod/v4/core
// core.js), and it is set here directly: importing any part of zod would put
// it in every page's first load, while the pages load zod when they need it.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
