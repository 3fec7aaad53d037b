import { validationProblem } from '../../testing/validation-problem';
import { NotServed } from './not-served';

class Sample {
  @NotServed('draft', 'drafts are not kept', false)
  draft?: boolean;

  @NotServed('template', 'templates are not served')
  template?: unknown;
}

const problem = (body: unknown) => validationProblem(Sample, body);

describe('NotServed', () => {
  it('takes the field absent, or its accepted value', async () => {
    expect(await problem({})).toBeNull();
    expect(await problem({ draft: false })).toBeNull();
  });

  it('refuses any other value, null included, with a 400 naming the field and saying why', async () => {
    for (const draft of [true, null, 'false', 0]) {
      expect(await problem({ draft })).toBe('draft is not supported: drafts are not kept; only false is accepted');
    }
    for (const template of [{ id: 't' }, null, '', false]) {
      expect(await problem({ template })).toBe('template is not supported: templates are not served');
    }
  });

  it('documents what it takes: the accepted values, or none at all', () => {
    const documented = (name: string) => Reflect.getMetadata('swagger/apiModelProperties', Sample.prototype, name);
    expect(documented('draft')).toMatchObject({ type: Boolean, enum: [false], required: false });
    expect(documented('template')).toMatchObject({ not: {}, required: false, description: expect.stringContaining('not served') });
  });
});
