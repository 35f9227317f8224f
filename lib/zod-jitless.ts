// The core's config alone (the same switch as z.config): importing `zod` here
// would put all of zod in every page's first load.
import { config } from 'zod/v4/core';

// zod probes whether it may compile validators with `new Function` when it
// makes an object schema, which the web app's Content-Security-Policy (no
// 'unsafe-eval') reports as a violation on every page. The browser validates
// small forms: the interpreter is enough.
config({ jitless: true });
