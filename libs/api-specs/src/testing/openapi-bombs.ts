/** Hostile OpenAPI documents (issue #23), for the unit and e2e suites: each is refused by a check linear in its text. */
export const bombs = {
  /** YAML billion laughs inside a valid description: 9 levels of 9 aliases, 9^9 strings. */
  yamlLaughs(): string {
    const lines = [
      'openapi: 3.0.0',
      'info: {title: Laughs, version: "1"}',
      'paths: {}',
      'x-laughs:',
      '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ];
    for (let i = 1; i < 10; i++) {
      const [name, previous] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
      lines.push(`  ${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    return `${lines.join('\n')}\n`;
  },
  /** 40 schemas, each referring to the one before twice: 2^40 values once dereferenced. */
  refDoubling(levels = 40): string {
    const schemas: Record<string, unknown> = { s0: { type: 'string' } };
    for (let i = 1; i <= levels; i++)
      schemas[`s${i}`] = {
        type: 'object',
        properties: { a: { $ref: `#/components/schemas/s${i - 1}` }, b: { $ref: `#/components/schemas/s${i - 1}` } },
      };
    const ok = { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/s${levels}` } } } };
    return JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Doubling', version: '1' },
      paths: { '/x': { get: { responses: { '200': ok } } } },
      components: { schemas },
    });
  },
  /** Arrays nested 10,000 deep. */
  deepJson(depth = 10_000): string {
    return `{"openapi":"3.0.0","info":{"title":"Deep","version":"1"},"paths":{},"x-deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  },
  deepYaml(depth = 10_000): string {
    return `openapi: 3.0.0\ninfo: {title: Deep, version: "1"}\npaths: {}\nx-deep: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
  },
};

/** `levels` YAML anchors, each a list of `fanOut` aliases of the one before: fanOut^levels strings once expanded. */
export function laughs(fanOut: number, levels: number): string {
  const lines = ['openapi: 3.0.0', 'info: {title: L, version: "1"}', 'paths: {}', 'x-l:', `  l0: &l0 "lol"`];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `  l${i}: &l${i} [${Array(fanOut)
        .fill(`*l${i - 1}`)
        .join(',')}]`,
    );
  return `${lines.join('\n')}\n`;
}
