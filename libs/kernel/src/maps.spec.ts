import { changedFields, withEntry } from './maps';

describe('withEntry', () => {
  it('sets or removes the key in a copy, leaving the map it was given as it was', () => {
    const before = new Map([['a', 1]]);
    expect([...withEntry(before, 'b', 2)]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect([...withEntry(before, 'a', 3)]).toEqual([['a', 3]]);
    expect([...withEntry(before, 'a', undefined)]).toEqual([]);
    expect([...before]).toEqual([['a', 1]]);
  });
});

describe('changedFields', () => {
  it('keeps the fields that are set and differ', () => {
    expect(changedFields({ title: 'a', emoji: 'x', level: null as string | null }, { title: 'a', emoji: 'y', level: undefined })).toEqual({
      emoji: 'y',
    });
    expect(changedFields({ level: 'read' as string | null }, { level: null })).toEqual({ level: null });
  });
});
