import { z } from 'zod';

// zod probes whether it may compile validators with `new Function`, which the
// web app's Content-Security-Policy (no 'unsafe-eval') reports as a violation
// on every page. The browser validates small forms: the interpreter is enough.
z.config({ jitless: true });
