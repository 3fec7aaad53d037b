import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { validationProblem } from '../../testing/validation-problem';

class Pointer {
  @IsString()
  id!: string;
}

class Position {
  @IsOptional()
  @ValidateNested()
  @Type(() => Pointer)
  before?: Pointer;
}

class Move {
  @IsDefined()
  @ValidateNested()
  @Type(() => Pointer)
  item!: Pointer;

  @IsOptional()
  @ValidateNested()
  @Type(() => Position)
  position?: Position;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Pointer)
  items?: Pointer[];

  @IsOptional()
  @IsString({ each: true })
  tags?: string[];
}

const problem = (body: unknown) => validationProblem(Move, body);

describe('nested shapes of a body', () => {
  it('an array, or anything but an object, where a nested object is declared', async () => {
    expect(await problem({ item: [] })).toBe('item must be an object');
    expect(await problem({ item: [{ id: 'a' }] })).toBe('item must be an object');
    expect(await problem({ item: 'a' })).toBe('item must be an object');
    expect(await problem({ item: { id: 'a' }, position: { before: [] } })).toBe('position.before must be an object');
    expect(await problem({ item: { id: 'a' }, position: [] })).toBe('position must be an object');
  });

  it('anything but an array where a list is declared, and items of a list of objects that are not objects', async () => {
    expect(await problem({ item: { id: 'a' }, items: {} })).toBe('items must be an array');
    expect(await problem({ item: { id: 'a' }, items: [[]] })).toBe('items[0] must be an object');
    expect(await problem({ item: { id: 'a' }, items: [{ id: 'a' }, null] })).toBe('items[1] must be an object');
    // Lists of values are lists too, even without IsArray.
    expect(await problem({ item: { id: 'a' }, tags: 'a' })).toBe('tags must be an array');
  });

  it('leaves absent and null values to their own rules, and passes the right shapes', async () => {
    expect(await problem({ item: { id: 'a' }, position: null })).toBeNull();
    expect(await problem({ item: null })).toMatch(/^item\b/);
    expect(await problem({ item: { id: 'a' }, position: { before: { id: 'b' } }, items: [{ id: 'c' }], tags: ['x'] })).toBeNull();
  });
});

class Comment {
  @IsObject({ message: 'body must be an object { markdown }' })
  @ValidateNested()
  @Type(() => Pointer)
  body!: Pointer;
}

it("a nested object's own IsObject message is kept, with the field's path", async () => {
  expect(await validationProblem(Comment, { body: 'text' })).toContain('body must be an object { markdown }');
});
