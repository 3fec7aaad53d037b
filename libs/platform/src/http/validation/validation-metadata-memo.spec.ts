import { IsString, MaxLength, validateSync } from 'class-validator';
import { memoizeValidationMetadata } from './validation-metadata-memo';

describe('memoizeValidationMetadata', () => {
  it('answers the same rules as class-validator, and sees rules declared after a lookup', () => {
    memoizeValidationMetadata();
    class Body {
      @IsString()
      title!: unknown;
    }
    const body = Object.assign(new Body(), { title: 'x'.repeat(20) });
    expect(validateSync(body)).toEqual([]);
    expect(validateSync(Object.assign(new Body(), { title: 3 })).map((e) => e.property)).toEqual(['title']);
    // A rule declared after the first lookup (a class defined later extends the same storage).
    MaxLength(10)(Body.prototype, 'title');
    expect(validateSync(body).map((e) => Object.keys(e.constraints ?? {}))).toEqual([['maxLength']]);
    memoizeValidationMetadata();
    expect(validateSync(Object.assign(new Body(), { title: 'short' }))).toEqual([]);
  });
});
