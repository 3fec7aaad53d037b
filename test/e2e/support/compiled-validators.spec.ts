import Ajv from 'ajv';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CompiledValidators } from './compiled-validators';

/** A small document in the shape of an OpenAPI one: a team, its members by $ref, a title of at most `maxTitle`. */
const documentOf = (maxTitle: number) => ({
  components: {
    schemas: {
      Team: {
        type: 'object',
        required: ['id', 'title'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string', maxLength: maxTitle },
          members: { type: 'array', items: { $ref: 'doc#/components/schemas/Member' } },
        },
      },
      Member: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, role: { enum: ['admin', 'editor'] } } },
    },
  },
});

const ref = (name: string) => ({ $ref: `doc#/components/schemas/${name}` });
const kind = `test-${randomUUID()}`;

function validatorsOf(document: object, as = kind): CompiledValidators {
  return new CompiledValidators(as, [JSON.stringify(document)], () => {
    const ajv = new Ajv({ strict: false, allErrors: true, code: { source: true } });
    ajv.addSchema({ $id: 'doc', ...document });
    return ajv;
  });
}

describe('CompiledValidators', () => {
  const document = documentOf(10);
  const folders = new Set<string>();
  const made = (validators: CompiledValidators) => {
    folders.add(dirname(validators.folder));
    return validators;
  };
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the code of a changed document in a folder of its own', () => {
    expect(validatorsOf(documentOf(10)).folder).toBe(validatorsOf(documentOf(10)).folder);
    expect(validatorsOf(documentOf(11)).folder).not.toBe(validatorsOf(documentOf(10)).folder);
  });

  it('gives, from the module of all, the verdicts and errors of a validator compiled on its own', () => {
    const all = made(validatorsOf(document));
    expect(all.compileAll(() => [ref('Team'), ref('Member'), ref('Team')])).toBe(true);
    expect(made(validatorsOf(document)).compileAll(() => [ref('Team')])).toBe(false); // there already
    const alone = made(validatorsOf(document, `${kind}-alone`));
    const samples: Array<[string, unknown]> = [
      ['Team', { id: 't', title: 'Editors', members: [{ id: 'm', role: 'admin' }] }],
      ['Team', { id: 't', title: 'A title longer than ten' }],
      ['Team', { id: 't', title: 'T', members: [{ role: 'owner' }] }],
      ['Team', { title: 7 }],
      ['Member', { id: 'm', role: 'editor' }],
      ['Member', { id: 1 }],
    ];
    for (const [name, value] of samples) {
      const [fromAll, onItsOwn] = [all, alone].map((validators) => validators.validator(name, () => ref(name)));
      expect(fromAll!(value)).toBe(onItsOwn!(value));
      expect(fromAll!.errors).toEqual(onItsOwn!.errors);
    }
    expect(samples.filter(([name, value]) => !all.validator(name, () => ref(name))(value))).toHaveLength(4);
    expect(readdirSync(all.folder)).toEqual(['all.js']); // nothing was compiled on its own
    expect(readdirSync(alone.folder)).toHaveLength(2);
  });

  it('leaves the module to the process that compiles it already, unless that one stopped', () => {
    const other = made(validatorsOf(documentOf(12)));
    mkdirSync(other.folder, { recursive: true });
    const lock = join(other.folder, 'all.js.lock');
    writeFileSync(lock, '');
    expect(other.compileAll(() => [ref('Team')])).toBe(false);
    expect(existsSync(join(other.folder, 'all.js'))).toBe(false);
    const minutesAgo = new Date(Date.now() - 2 * 60_000);
    utimesSync(lock, minutesAgo, minutesAgo);
    expect(other.compileAll(() => [ref('Team')])).toBe(true);
    expect(readdirSync(other.folder)).toEqual(['all.js']);
  });

  it('compiles on its own, on first use, a validator the module lacks', () => {
    const all = made(validatorsOf(document));
    all.compileAll(() => [ref('Team')]);
    const titles = { type: 'array', items: { type: 'string', maxLength: 10 } };
    expect(all.validator('titles', () => titles)(['short', 'a longer one'])).toBe(false);
    expect(readdirSync(all.folder)).toHaveLength(2);
  });
});
