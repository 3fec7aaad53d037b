import { found } from './domain-errors';

describe('found', () => {
  it('passes a value through, and makes none a not_found error with the message', () => {
    expect(found({ id: 't1' }, 'team not found')).toEqual({ id: 't1' });
    expect(found(0, 'unused')).toBe(0);
    for (const none of [null, undefined]) {
      let thrown: unknown;
      try {
        found(none, 'team not found');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ kind: 'not_found', message: 'team not found' });
    }
  });
});
