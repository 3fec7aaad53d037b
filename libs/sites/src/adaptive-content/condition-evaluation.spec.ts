import fc from 'fast-check';
import { conditionHolds } from './condition-evaluation';

describe('conditionHolds', () => {
  const claims = { beta: true, plan: 'pro', seats: 12, roles: ['admin'], team: { id: 't1' }, unsigned: { preview: false } };

  it.each<[string, boolean]>([
    ['visitor.claims.beta', true],
    ['visitor.claims.beta === true && visitor.claims.plan == "pro"', true],
    ['visitor.claims.seats >= 10 && visitor.claims.seats < 20', true],
    ['visitor.claims.seats > -1 && !visitor.claims.unsigned.preview', true],
    ["visitor.claims.roles[0] == 'admin' && visitor.claims.team[\"id\"] === 't1'", true],
    ['visitor.claims.plan === "free" || visitor.claims.missing', false],
    ['visitor.claims.missing.deeper.still', false],
    ['visitor.claims.plan > 3', false],
    ['other.thing', false],
    ['visitor.claims.constructor', false],
    ['visitor.claims.isBeta()', false],
  ])('%s → %s', (condition, holds) => {
    expect(conditionHolds(condition, claims)).toBe(holds);
  });

  it('reads own claims only, never the prototype', () => {
    expect(conditionHolds('visitor.claims.hasOwnProperty', {})).toBe(false);
    expect(conditionHolds('visitor.claims.valueOf', {})).toBe(false);
  });

  it('never throws, whatever the text and claims', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.jsonValue(), (text, value) => {
        expect(typeof conditionHolds(text, { value })).toBe('boolean');
      }),
    );
  });
});
