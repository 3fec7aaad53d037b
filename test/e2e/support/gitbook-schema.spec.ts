import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { gitbookSchemaErrors } from './gitbook-schema';

/** The validators loaded from compiled code give the verdicts Ajv gives when it compiles the schema itself. */
describe('GitBook schema validators compiled once', () => {
  const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
  ajv.addSchema({ $id: 'gitbook', components: spec.components }, 'gitbook');
  const fresh = (name: string, value: unknown) => ajv.compile({ $ref: `gitbook#/components/schemas/${name}` })(value);

  const samples: Array<[string, unknown]> = [
    ['Team', { object: 'team', id: 't1', title: 'Editors', createdAt: '2026-01-01T00:00:00.000Z', urls: { location: 'https://x.test/t' } }],
    ['Team', { object: 'team', id: 't1', title: 7 }],
    ['Team', { object: 'team', id: 't1', title: 'T', createdAt: 'not a date', urls: { location: 'https://x.test' } }],
    ['Collection', { object: 'collection', id: 'c', title: 'C' }],
    ['User', { object: 'user', id: 'u', displayName: 'U', urls: { location: 'https://x.test/u' } }],
  ];

  it.each(samples)('%s: same verdict for %j, twice (compiled, then loaded)', (name, value) => {
    for (let i = 0; i < 2; i++) expect(gitbookSchemaErrors(name, value).length === 0).toBe(fresh(name, value));
  });

  it('names the schema GitBook lacks, and ignores inherited names', () => {
    expect(() => gitbookSchemaErrors('NoSuchSchema', {})).toThrow(/no schema NoSuchSchema/);
    expect(() => gitbookSchemaErrors('constructor', {})).toThrow(/no schema constructor/);
  });
});
