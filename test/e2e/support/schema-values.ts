import fc from 'fast-check';
import { DocumentOperation, GeneratedRequest, Parameter, Schema, ServedDocument } from './document-requests';
import { withFixtures } from './fixture-references';

/** Longest generated string or list beyond a schema's minimum: long enough to vary, short enough to stay fast. */
const SPAN = 12;

/** Hosts that resolve nowhere (RFC 2606), so that a generated URL never leads a fetch off this machine. */
const url = fc
  .tuple(fc.constantFrom('https', 'http'), fc.constantFrom('docs.example.invalid', 'example.test'), fc.webPath())
  .map(([scheme, host, path]) => `${scheme}://${host}${path}`);

const KNOWN_FORMATS = new Set(['uri', 'email', 'hostname', 'date-time', 'byte']);

/** An arbitrary of the values `schema` accepts: what a client reading the document may send. */
export function validValue(resolve: (schema: Schema) => Schema, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.enum?.every((v) => v === null)) return fc.constant(null);
  const value = nonNull(resolve, s, depth);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
}

function nonNull(resolve: (schema: Schema) => Schema, s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum.filter((v) => v !== null));
  if (s.oneOf) return fc.oneof(...s.oneOf.map((branch) => validValue(resolve, branch, depth + 1)));
  switch (s.type) {
    case 'object':
      return objectValue(resolve, s, depth);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? Infinity, minLength + (depth > 2 ? 1 : 3));
      return fc.array(validValue(resolve, s.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'integer':
      return fc.integer({ min: s.minimum ?? -(2 ** 31), max: s.maximum ?? 2 ** 31 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringValue(s);
    default:
      return fc.constant({});
  }
}

function objectValue(resolve: (schema: Schema) => Schema, s: Schema, depth: number): fc.Arbitrary<unknown> {
  // A property no value satisfies (`not: {}`: a field GitBook has that this server does not serve) is never sent.
  const properties = Object.entries(s.properties ?? {}).filter(([, property]) => resolve(property).not === undefined);
  if (properties.length === 0) {
    // A map: keys of its own, values of its schema. A free-form object whose shape a description
    // states gets the schema's example, and otherwise nothing the document does not describe.
    if (typeof s.additionalProperties !== 'object') return fc.constant(s.example !== undefined ? s.example : {});
    return fc.dictionary(
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 8 }),
      validValue(resolve, s.additionalProperties, depth + 1),
      {
        maxKeys: Math.min(s.maxProperties ?? 3, 3),
      },
    );
  }
  const required = new Set(s.required ?? []);
  const fits = (value: object) => {
    const count = Object.keys(value).length;
    return count >= (s.minProperties ?? 0) && count <= (s.maxProperties ?? Infinity);
  };
  return fc
    .record(Object.fromEntries(properties.map(([name, property]) => [name, validValue(resolve, property, depth + 1)])), {
      requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
    })
    .filter(fits);
}

function stringValue(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? Infinity, minLength + SPAN);
  const fits = (text: string) => [...text].length >= minLength && [...text].length <= (s.maxLength ?? Infinity);
  let text: fc.Arbitrary<string>;
  // A format of the server's own (an X.509 certificate, an image) names a rule; the schema's example meets it.
  if (s.format && !KNOWN_FORMATS.has(s.format)) {
    if (typeof s.example !== 'string') throw new Error(`a string of format ${s.format} without an example: nothing to generate`);
    return fc.constant(s.example);
  }
  if (s.format === 'uri') text = url;
  else if (s.format === 'email') text = fc.emailAddress();
  else if (s.format === 'hostname') text = fc.domain();
  else if (s.format === 'date-time')
    text = fc
      .date({ noInvalidDate: true, min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') })
      .map((d) => d.toISOString());
  else if (s.format === 'byte') text = fc.uint8Array({ maxLength: 24 }).map((bytes) => Buffer.from(bytes).toString('base64'));
  else if (s.pattern) text = fc.stringMatching(new RegExp(s.pattern));
  else text = fc.string({ unit: 'grapheme', minLength, maxLength });
  if (s.pattern && s.format) text = text.filter((value) => new RegExp(s.pattern!).test(value));
  return text.filter(fits);
}

/** Query parameters the suites leave out: `page` takes only a cursor the server handed out (`next.page`). */
const SERVER_ISSUED = new Set(['page']);

/** The query strings the parameters accept: required ones always, optional ones or not, lists as repeated keys. */
export function validQuery(resolve: (schema: Schema) => Schema, parameters: Parameter[]): fc.Arbitrary<[string, string][]> {
  // A parameter no value satisfies (`not: {}`: one GitBook has that this server does not serve) is never sent.
  const query = parameters.filter((p) => p.in === 'query' && !SERVER_ISSUED.has(p.name) && resolve(p.schema).not === undefined);
  const entries = query.map((p) => {
    const value = validValue(resolve, p.schema).filter((v) => v !== null && !(typeof v === 'object' && !Array.isArray(v)));
    const pairs = value.map((v) => (Array.isArray(v) ? v : [v]).map((item): [string, string] => [p.name, String(item)]));
    return p.required ? pairs : fc.option(pairs, { nil: [] as [string, string][] });
  });
  return fc.tuple(...entries).map((lists) => lists.flat());
}

/** The requests a client reading the document may send to `op`, referring to the fixtures of `ids`. */
export const validRequest = (
  document: ServedDocument,
  op: DocumentOperation,
  ids: Record<string, string>,
): fc.Arbitrary<GeneratedRequest> =>
  fc.record({
    query: validQuery(document.resolve, op.parameters),
    ...(op.body ? { body: validValue(document.resolve, op.body).map((body) => withFixtures(body, ids)) } : {}),
  });
