import { adaptiveSchemaProblem } from './adaptive-schema-check';

const UNSIGNED = {
  type: 'object',
  description: 'Unsigned claims of the site visitor.',
  additionalProperties: false,
  properties: { isBetaUser: { type: 'boolean', description: 'Beta' } },
};
const schema = (properties: object, extra: object = {}) => ({ type: 'object', additionalProperties: false, properties, ...extra });

describe('the adaptive schema check (ajv)', () => {
  it("accepts GitBook's claim types, with or without $schema and unsigned", () => {
    expect(adaptiveSchemaProblem(schema({}))).toBeNull();
    expect(
      adaptiveSchemaProblem(
        schema(
          {
            unsigned: UNSIGNED,
            beta: { type: 'boolean', description: 'Beta user' },
            plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
            name: { type: 'string', description: 'Name' },
            seats: { type: 'number', description: 'Seats' },
            roles: { type: 'array', description: 'Roles', items: { type: 'string', description: 'Role' } },
            org: {
              type: 'object',
              description: 'Org',
              additionalProperties: false,
              properties: { paid: { type: 'boolean', description: 'Paid' } },
            },
          },
          { $schema: 'http://json-schema.org/draft-07/schema#' },
        ),
      ),
    ).toBeNull();
  });

  it("refuses what is not a draft-07 schema, with ajv's reason and path", () => {
    expect(adaptiveSchemaProblem(['a'])).toBe('must be an object');
    expect(adaptiveSchemaProblem(null)).toBe('must be an object');
    expect(adaptiveSchemaProblem(schema({}, { type: 5 }))).toMatch(
      /^not a valid draft-07 JSON schema: jsonSchema\/type must be equal to one of the allowed values/,
    );
    expect(adaptiveSchemaProblem(schema([]))).toMatch(/^not a valid draft-07 JSON schema: jsonSchema\/properties must be object/);
    expect(adaptiveSchemaProblem(schema({ a: { type: 'boolean', description: 5 } }))).toMatch(
      /jsonSchema\/properties\/a\/description must be string/,
    );
    expect(adaptiveSchemaProblem(schema({}, { required: [1] }))).toMatch(/jsonSchema\/required\/0 must be string/);
    expect(adaptiveSchemaProblem(schema({}, { $schema: 'https://json-schema.org/draft/2020-12/schema' }))).toMatch(
      /^not a valid draft-07 JSON schema: jsonSchema\/\$schema: no schema with key or ref/,
    );
    expect(adaptiveSchemaProblem(schema({}, { $schema: 5 }))).toMatch(/\$schema must be a string/);
  });

  it('refuses valid schemas that are not of the adaptive shape', () => {
    expect(adaptiveSchemaProblem({ type: 'string' })).toMatch(/^not an adaptive schema: jsonSchema/);
    expect(adaptiveSchemaProblem(schema({ a: { type: 'integer', description: 'A' } }))).toMatch(
      /jsonSchema\/properties\/a\/type must be equal to one of the allowed values/,
    );
    expect(adaptiveSchemaProblem(schema({ a: { type: 'boolean' } }))).toMatch(
      /jsonSchema\/properties\/a must have required property 'description'/,
    );
    expect(adaptiveSchemaProblem(schema({ a: { type: 'boolean', description: 'A', default: true } }))).toMatch(
      /jsonSchema\/properties\/a must NOT have additional properties/,
    );
    expect(adaptiveSchemaProblem(schema({ a: { type: 'string', description: 'A', enum: [1] } }))).toMatch(
      /jsonSchema\/properties\/a\/enum\/0 must be string/,
    );
    expect(adaptiveSchemaProblem(schema({ a: { type: 'array', description: 'A', items: { type: 'object', description: 'x' } } }))).toMatch(
      /jsonSchema\/properties\/a\/items\/type must be equal to one of the allowed values/,
    );
    expect(adaptiveSchemaProblem(schema({ unsigned: { ...UNSIGNED, description: 'Mine' } }))).toMatch(
      /jsonSchema\/properties\/unsigned\/description must be equal to constant/,
    );
    expect(adaptiveSchemaProblem({ type: 'object', properties: {} })).toMatch(/must have required property 'additionalProperties'/);
    expect(adaptiveSchemaProblem(schema({}, { additionalProperties: true }))).toMatch(
      /jsonSchema\/additionalProperties must be equal to constant/,
    );
    expect(adaptiveSchemaProblem(schema({}, { required: ['a'] }))).toMatch(/jsonSchema must NOT have additional properties/);
    expect(adaptiveSchemaProblem(schema({ toString: { type: 'boolean', description: 'A' } }))).toMatch(
      /jsonSchema\/properties property name 'toString' is not allowed/,
    );
    expect(adaptiveSchemaProblem(schema({ __x: { type: 'boolean', description: 'A' } }))).toMatch(/property name '__x' is not allowed/);
  });

  it('refuses schemas over the size limit, and never throws on deep nesting', () => {
    const big = schema(
      Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`claim${i}`, { type: 'boolean', description: 'x'.repeat(30) }])),
    );
    expect(adaptiveSchemaProblem(big)).toMatch(/must be at most 65536 characters/);
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 3000; i++) deep = (deep.not = {}) as Record<string, unknown>;
    expect(typeof adaptiveSchemaProblem(root)).toBe('string');
  });
});
