import fc from 'fast-check';
import { deeplyNested, withRawEntry } from './json-text';
import { Operation } from './openapi-operations';

/** Names of Object.prototype members: looked up in a plain object, they find something. */
export const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'prototype', 'isPrototypeOf'];

/** Percent-encodes every byte but the unreserved ones; lone surrogates become U+FFFD (no URIError here). */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const anyText = (maxLength: number) => fc.string({ unit: 'binary', maxLength });

/** A path segment as it goes on the wire: broken escapes, traversal, overlong, prototype names, random text. */
export const junkSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%ff',
    '%FE%FF',
    '%00',
    '%',
    '%zz',
    '%2e%2e',
    '..',
    '.',
    '%2F',
    'a%2Fb',
    '%ED%A0%80',
    '%C0%AE',
    '%E2%80%AE',
    '%F0%9F%92%A9',
    '-1',
    '0',
    '1e9',
    'null',
    'undefined',
    '%5B%5D',
    '%7B%7D',
    '%20',
    '~',
    "'",
    '%22',
    '%3Cscript%3E',
    'x'.repeat(5000),
    'x'.repeat(101),
  ),
  fc.constantFrom(...PROTOTYPE_NAMES),
  anyText(40)
    .filter((s) => s.length > 0)
    .map(percentEncode),
);

/** Path parameter values: the real id with weight `real`, junk otherwise. */
export function pathValues(op: Operation, ids: Record<string, string>, real: number): fc.Arbitrary<Record<string, string>> {
  const entries = op.pathParams.map(
    (name) => [name, fc.oneof({ weight: real, arbitrary: fc.constant(ids[name]!) }, { weight: 1, arbitrary: junkSegment })] as const,
  );
  return fc.record(Object.fromEntries(entries));
}

const queryKey = (op: Operation) =>
  fc.oneof(
    fc.constantFrom(...op.queryParams, 'limit', 'page'),
    fc.constantFrom(...PROTOTYPE_NAMES, 'unknown', '', '%ff', 'limit[]', 'a[b]', 'limit.x', '%00'),
    anyText(12).map(percentEncode),
  );

const queryValue = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '-1',
      '1e9',
      '0',
      '1001',
      '1.5',
      'garbage',
      '',
      '%ff',
      '%00',
      '%ED%A0%80',
      'NaN',
      'Infinity',
      '0x10',
      '+1',
      '%201',
      'true',
      '%5B%5D',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(17_000), 'x'.repeat(3_000)) },
  { weight: 3, arbitrary: anyText(30).map(percentEncode) },
);

/** A query string of 1 to 4 pairs; keys repeat often (the key sets are small); some pairs have no `=`. */
export const queryString = (op: Operation): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(queryKey(op), fc.option(queryValue, { nil: undefined, freq: 8 })), { minLength: 1, maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&'));

/** JSON text of values a field does not expect: other types, extremes, broken Unicode, NUL, depth, size. */
const malformedValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    '0',
    '-1',
    '1e999',
    '-1e999',
    '1e-999',
    '9007199254740993',
    '-0',
    '1.5',
    '[]',
    '{}',
    '""',
    '"\\ud800"',
    '"x\\udfffy"',
    '["\\ud800"]',
    '"a\\u0000b"',
    '"\\u0000"',
    '"\\u202e"',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"toString":1}',
    '["constructor","__proto__","toString"]',
    ...PROTOTYPE_NAMES.map((n) => JSON.stringify(n)),
  ),
  fc.constantFrom(
    `"${'x'.repeat(100_000)}"`,
    `[${'"a",'.repeat(5_000)}"a"]`,
    deeplyNested(5_000),
    deeplyNested(3_000, 'object'),
    deeplyNested(40),
    deeplyNested(40, 'object'),
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  anyText(30).map((s) => JSON.stringify(s)),
);

/** Text that is not JSON, or is JSON of the wrong shape for a body. */
const brokenJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  '{"a":1}}',
  'nul',
  'tru',
  '"unterminated',
  '\u0000',
  '{"a":1,}',
  '{"a" 1}',
  '\ufeff{}',
  '{"a":"\\x"}',
  '{"a":01}',
  ' ',
  '',
);

/** Bodies: broken JSON, JSON of any type, and the example body with one field (or a field's key) replaced by something malformed. */
export function malformedBody(example: object, fields: string[]): fc.Arbitrary<string> {
  const field = fc.constantFrom(...fields, 'unknownField', ...PROTOTYPE_NAMES);
  return fc.oneof(
    { weight: 2, arbitrary: brokenJson },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 6, arbitrary: fc.tuple(field, malformedValue).map(([f, v]) => withRawEntry(example, f, v)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(field, fc.constantFrom(...PROTOTYPE_NAMES, '\ud800', '\u0000', ''), malformedValue)
        .map(([f, key, v]) => withRawEntry(example, f, withRawEntry({}, key, v))),
    },
    // Over BODY_LIMIT_BYTES (1 MiB by default).
    { weight: 1, arbitrary: fc.constant(withRawEntry(example, 'padding', `"${'x'.repeat(1_100_000)}"`)) },
  );
}

/** Header variants; `undefined` leaves the caller's own header as it is. */
export const malformedHeaders = (validToken: string) =>
  fc.record({
    authorization: fc.option(
      fc.constantFrom(
        '',
        'Bearer',
        'Bearer ',
        'Basic dXNlcjpwYXNz',
        'Bearer a b',
        `Bearer ${'x'.repeat(5_000)}`,
        `bearer ${validToken}`,
        `Bearer  ${validToken}  `,
        `Token ${validToken}`,
        validToken,
        'Bearer \u00e9\u00e8',
        `Bearer ${validToken},Bearer x`,
        'Bearer constructor',
      ),
      { nil: undefined, freq: 2 },
    ),
    'idempotency-key': fc.option(
      fc.oneof(
        fc.constantFrom('', ' ', 'x'.repeat(300), '\u00e9', 'a\tb', 'key with spaces', '%ff', '../..', ...PROTOTYPE_NAMES),
        fc.string({ maxLength: 20 }),
      ),
      { nil: undefined },
    ),
    'content-type': fc.option(
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/jsonx',
        'APPLICATION/JSON',
        'application/json;;;',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/*',
        '*/*',
        '',
        'application/json, text/plain',
        'application/vnd.api+json',
      ),
      { nil: undefined },
    ),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style probe, meant to reach the server as typed.
    'x-request-id': fc.option(fc.constantFrom('', 'x'.repeat(200), '../../etc', '\u00e9', 'a b', '${jndi:ldap://x}', '__proto__'), {
      nil: undefined,
    }),
    accept: fc.option(fc.constantFrom('text/html', '*/*', 'application/xml', ''), { nil: undefined }),
  });

/** A stable seed per test and operation, so adding a route does not change what the others get. */
export function seedFor(seed: number, ...parts: string[]): number {
  let hash = seed >>> 0;
  for (const ch of parts.join('|')) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash | 0;
}

/*
 * The known hostile inputs, tried on every operation before the random ones: the classes of input
 * that have broken servers like this one (issue #7) are too valuable to leave to chance.
 */

/** JSON text of hostile field values, by name. */
export const HOSTILE_VALUES: Record<string, string> = {
  'lone surrogate': '"\\ud800"',
  'lone surrogate in an array': '["\\ud800"]',
  'NUL byte': '"a\\u0000b"',
  '5,000 nested arrays': deeplyNested(5_000),
  '5,000 nested objects': deeplyNested(5_000, 'object'),
  'number out of range': '1e999',
  '__proto__ key': '{"__proto__":{"x":1}}',
  'lone surrogate key': '{"\\ud800":1}',
};

/** A hostile input with the name it is reported under. */
export type Labelled<T> = [label: string, input: T];

/** Whole bodies: each field (and an unknown one) set to each hostile value; empty and broken text; the example itself. */
export function hostileBodies(example: object, fields: string[]): Labelled<string>[] {
  const bodies: Labelled<string>[] = [
    ['empty body', ''],
    ['broken JSON', '{'],
    ['5,000 nested arrays', deeplyNested(5_000)],
    ['the example body', JSON.stringify(example)],
  ];
  for (const field of [...fields, 'unknownField']) {
    for (const [name, value] of Object.entries(HOSTILE_VALUES)) bodies.push([`${field}: ${name}`, withRawEntry(example, field, value)]);
  }
  return bodies;
}

/** Query strings: each declared parameter with each hostile value, repeated, and prototype names as keys. */
export function hostileQueries(op: Operation): Labelled<string>[] {
  const values: Labelled<string>[] = [
    ['-1', '-1'],
    ['1e9', '1e9'],
    ['garbage', 'garbage'],
    ['lone surrogate', '%ED%A0%80'],
    ['NUL', '%00'],
    ['bad escape', '%ff'],
    ['17,000 characters', 'x'.repeat(17_000)],
  ];
  return [
    ...op.queryParams.flatMap((name): Labelled<string>[] => [
      ...values.map(([label, v]): Labelled<string> => [`${name}=${label}`, `${name}=${v}`]),
      [`${name} repeated`, `${name}=1&${name}=2`],
    ]),
    ...PROTOTYPE_NAMES.map((name): Labelled<string> => [`${name} as a key`, `${name}=1`]),
    ['unknown key', 'unknown=1'],
  ];
}

/** Path segments that have broken routers and decoders. */
export const HOSTILE_SEGMENTS: Labelled<string>[] = [
  ['bad escape %ff', '%ff'],
  ['lone %', '%'],
  ['5,000 characters', 'x'.repeat(5_000)],
  ['..', '..'],
  ['%2e%2e', '%2e%2e'],
  ['lone surrogate', '%ED%A0%80'],
  ['NUL', '%00'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
];
