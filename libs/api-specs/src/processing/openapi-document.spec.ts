import { bombs, laughs } from '@docs/api-specs/testing';
import { canonicalJson, dereference, OpenAPIParseError, parseOpenAPI, validateOpenAPI } from './openapi-document';
import fc from 'fast-check';

describe('parseOpenAPI', () => {
  it('reads YAML and JSON, and gives the same canonical text for the same document', () => {
    const yaml = parseOpenAPI('openapi: 3.0.0\ninfo:\n  title: A\n  version: "2"\npaths: {}\n');
    const json = parseOpenAPI('{"paths": {}, "info": {"version": "2", "title": "A"}, "openapi": "3.0.0"}');
    expect(yaml).toMatchObject({ format: 'yaml', infoVersion: '2' });
    expect(json.format).toBe('json');
    expect(yaml.canonical).toBe(json.canonical);
  });

  it.each([
    ['not YAML', 'a: [b'],
    ['not JSON', '{"a": '],
    ['not an object', '- 1\n- 2\n'],
    ['no version', '{"info": {"title": "a", "version": "1"}, "paths": {}}'],
    ['OpenAPI 4', '{"openapi": "4.0.0", "info": {"title": "a", "version": "1"}, "paths": {}}'],
    ['no info', '{"openapi": "3.0.0", "paths": {}}'],
    ['a numeric info.version', '{"openapi": "3.0.0", "info": {"title": "a", "version": 1}, "paths": {}}'],
    ['no paths', '{"openapi": "3.0.0", "info": {"title": "a", "version": "1"}}'],
    ['an unresolved $ref', '{"openapi": "3.0.0", "info": {"title": "a", "version": "1"}, "paths": {"/a": {"$ref": "#/x"}}}'],
    ['an external $ref', '{"openapi": "3.0.0", "info": {"title": "a", "version": "1"}, "paths": {"/a": {"$ref": "other.yaml#/x"}}}'],
    ['YAML with custom tags', 'openapi: !!js/function "function(){}"\n'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseOpenAPI(text)).toThrow(OpenAPIParseError);
  });

  it('accepts swagger 2.0 and OpenAPI 3.1 without paths but with webhooks', () => {
    expect(parseOpenAPI('{"swagger": "2.0", "info": {"title": "a", "version": "1"}, "paths": {}}').infoVersion).toBe('1');
    expect(parseOpenAPI('{"openapi": "3.1.0", "info": {"title": "a", "version": "1"}, "webhooks": {}}').infoVersion).toBe('1');
  });

  it('refuses YAML alias bombs', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    expect(() => parseOpenAPI(lines.join('\n'))).toThrow(OpenAPIParseError);
  });
});

describe('dereference', () => {
  it('replaces local references, keeps recursive ones, and escapes pointer segments', () => {
    const doc = {
      components: {
        schemas: { 'a/b': { type: 'string' }, Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } },
      },
      x: { $ref: '#/components/schemas/a~1b' },
      y: { $ref: '#/components/schemas/Node' },
    };
    const out = dereference(doc) as any;
    expect(out.x).toEqual({ type: 'string' });
    expect(out.y).toEqual({ type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } });
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });
});

describe('validateOpenAPI (swagger-parser)', () => {
  const valid = {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1.0.0' },
    paths: {
      '/pets': {
        get: {
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          properties: { name: { type: 'string' }, friends: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
        },
      },
    },
  };

  it('accepts a valid description, recursive schemas included, and leaves the document as it was', async () => {
    const copy = structuredClone(valid);
    await expect(validateOpenAPI(copy)).resolves.toBeUndefined();
    expect(copy).toEqual(valid);
  });

  it('refuses what the OpenAPI schema forbids, with the parser reason', async () => {
    const noResponses = { ...valid, paths: { '/pets': { get: { summary: 'no responses' } } } };
    await expect(validateOpenAPI(noResponses)).rejects.toThrow(OpenAPIParseError);
    const badParameter = {
      ...valid,
      paths: { '/pets/{id}': { get: { parameters: [{ name: 'id', in: 'somewhere' }], responses: { '200': { description: 'ok' } } } } },
    };
    await expect(validateOpenAPI(badParameter)).rejects.toThrow(/not a valid OpenAPI description/);
  });
});

describe('parseOpenAPI bounds (hostile documents)', () => {
  /** The parse's error, if any, and the CPU milliseconds it cost (a busy machine stretches wall time, not this). */
  const timed = (text: string) => {
    const started = process.cpuUsage();
    let error: unknown;
    try {
      parseOpenAPI(text);
    } catch (e) {
      error = e;
    }
    const { user, system } = process.cpuUsage(started);
    return { error, ms: (user + system) / 1000 };
  };

  it.each([
    ['a YAML billion laughs', bombs.yamlLaughs(), /expands to more than 1000000 values/],
    ['$refs doubling 40 times', bombs.refDoubling(), /\$ref references expand to more than 2000000 values/],
    ['JSON nested 10,000 deep', bombs.deepJson(), /deeper than 128 levels/],
    ['YAML nested 10,000 deep', bombs.deepYaml(), /deeper than 128 levels|nest/],
    ['a text over the size cap', `openapi: 3.0.0\nx: "${'a'.repeat(11 * 1024 * 1024)}"\n`, /larger than/],
  ])('refuses %s with a clear reason, in bounded time', (_what, text, reason) => {
    const { error, ms } = timed(text);
    expect(error).toBeInstanceOf(OpenAPIParseError);
    expect((error as Error).message).toMatch(reason);
    expect(ms).toBeLessThan(5_000);
  });

  it('accepts what is within the caps: shared anchors and references that stay small', () => {
    expect(() => parseOpenAPI(bombs.refDoubling(10))).not.toThrow();
    const aliases = 'openapi: 3.0.0\ninfo: {title: A, version: "1"}\npaths: {}\nx-a: &a {b: 1}\nx-b: [*a, *a, *a]\n';
    expect(parseOpenAPI(aliases).canonical).toContain('"x-b":[{"b":1},{"b":1},{"b":1}]');
  });

  it('refuses any generated nesting or alias fan-out past the caps, and never runs long', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 30 }),
        (depth, fanOut, levels) => {
          for (const text of [bombs.deepJson(depth), bombs.refDoubling(levels), laughs(fanOut, levels)]) {
            const { error, ms } = timed(text);
            // Within the caps a document may take a while (the work thread's budget is 30 s); past them it is refused at once.
            expect(ms).toBeLessThan(error ? 2_000 : 10_000);
            if (error) expect(error).toBeInstanceOf(OpenAPIParseError);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
