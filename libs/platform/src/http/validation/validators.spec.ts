import { IsArray, IsString, Length } from 'class-validator';
import { validationProblem } from '../../testing/validation-problem';
import { IsOptionalNotNull, OptionalText, Stacked } from './validators';

class Sample {
  @OptionalText(5)
  note?: string;

  @Stacked(
    IsOptionalNotNull(),
    IsArray(),
    IsString({ each: true }),
    Length(1, 3, { each: true, message: '$property must contain short ids' }),
  )
  ids?: string[];
}

const problem = (body: unknown) => validationProblem(Sample, body);

describe('composed validation decorators', () => {
  it('OptionalText: absent, or text of at most the length', async () => {
    expect(await problem({})).toBeNull();
    expect(await problem({ note: 'short' })).toBeNull();
    expect(await problem({ note: 'longer' })).toBe('note must be shorter than or equal to 5 characters');
  });

  it('Stacked: the first rule listed is the one reported, as if the decorators were stacked', async () => {
    expect(await problem({ note: 7 })).toBe('note must be a string');
    expect(await problem({ ids: 'a' })).toBe('ids must be an array');
    expect(await problem({ ids: ['abcd'] })).toBe('ids must contain short ids');
    expect(await problem({ ids: null })).toBe('ids must be an array');
    expect(await problem({ ids: ['abc'] })).toBeNull();
  });
});
