import fc from 'fast-check';
import { expect } from 'vitest';

/*
 * Generators of hostile input for the property-based endpoint tests: strings
 * that break naive code, values of the wrong type, and JSON that tries to
 * reach Object.prototype.
 */

/** Strings that have broken real systems: NUL, lone surrogates, bidi and zero-width marks, SQL, HTML, templates, sizes. */
export const hostileString = fc.constantFrom(
  '', ' ', '\t', '\n', '\u0000', 'a\u0000b', '\u0007\u001b[31m', '\ud800', '\udfff\ud800', '😀😀😀', 'é', 'İstanbul', 'ǅ',
  '\u202e', '\u200b', '\ufeff', "'; DROP TABLE spaces; --", "' OR '1'='1", '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>', '../../etc/passwd', '%00', '%', '_', '\\', '${label}', '{{7*7}}', '__proto__',
  'constructor', 'null', 'undefined', 'NaN', '-1', '0', '1e309', 'owner', 'public', 'private', '#796CFF',
  'a'.repeat(10_000),
);

export const text = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 100 }) },
);

/** A value of any JSON type, nested objects and arrays included. */
export const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 2 ** 53, 1.5, [], {}, [[[[]]]]) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Mostly acceptable values, each sometimes replaced by anything at all. */
export const field = <T>(acceptable: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: acceptable }, { weight: 1, arbitrary: anything });

/** Keys that try to reach Object.prototype when a parser or merge is careless. */
const pollution = fc.constantFrom(
  '"__proto__":{"polluted":"yes"}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"prototype":{"polluted":"yes"}',
);

/**
 * A request body as JSON text: the generated value, or now and then an object
 * body with a prototype-pollution key written in (JSON.stringify would drop it),
 * or a non-object value at the top.
 */
export function jsonBody(body: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: body.map((value) => JSON.stringify(value ?? {})) },
    {
      weight: 1,
      arbitrary: fc.tuple(body, pollution).map(([value, key]) => {
        const json = JSON.stringify(value ?? {});
        return json.startsWith('{') && json !== '{}' ? `{${key},${json.slice(1)}` : `{${key}}`;
      }),
    },
    { weight: 1, arbitrary: anything.map((value) => JSON.stringify(value ?? null)) },
  );
}

/** A string made safe to put in a URL path segment (lone surrogates cannot be percent-encoded). */
export const pathSegment = (value: string) => encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd'));

/** Raw bodies no generator makes: broken JSON, deep nesting, a body over the size limit. */
export const rawHostileBodies: Array<[string, string]> = [
  ['broken JSON', '{"name": '],
  ['a JSON string', '"just a string"'],
  ['JSON null', 'null'],
  ['an array', '[{"name":"x"}]'],
  ['nesting 5,000 deep', `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`],
  ['a body over 1 MiB', JSON.stringify({ name: 'x'.repeat(1_100_000) })],
];

/** A refused request: a client error with the API's error envelope, never a server error. */
export function expectClientError(status: number, body: unknown) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
}

/** Nothing a request did may have reached Object.prototype of the process the API runs in. */
export function expectPrototypeIntact() {
  expect(Object.prototype).not.toHaveProperty('polluted');
}
