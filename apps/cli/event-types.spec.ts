import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '../api/projections';
import { UsageError } from './errors';
import { checkEventTypes, closestType, knownEventTypes } from './event-types';

const LIBS = join(__dirname, '..', '..', 'libs');

/** The event types the contexts declare (`DomainEvent<'Type', ...>`, in their pure `*.events.ts` and `*.decider.ts` files). */
function declaredEventTypes(): string[] {
  const types = new Set<string>();
  for (const lib of readdirSync(LIBS).filter((name) => name !== 'platform' && name !== 'kernel')) {
    const files = readdirSync(join(LIBS, lib, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(events|decider)\.ts$/.test(f),
    );
    for (const file of files) {
      for (const match of readFileSync(join(LIBS, lib, 'src', file), 'utf8').matchAll(/DomainEvent<\s*'(\w+)'/g)) types.add(match[1]!);
    }
  }
  return [...types].sort();
}

describe('the event types the CLI knows (events types, events read --type)', () => {
  it('include every event type a domain declares, with the audit label and projections of each', async () => {
    const known = await knownEventTypes(ALL_PROJECTIONS);
    const names = known.map((k) => k.type);
    const declared = declaredEventTypes();
    expect(declared.length).toBeGreaterThan(50);
    expect(declared.filter((type) => !names.includes(type))).toEqual([]);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(known.find((k) => k.type === 'ApiTokenIssued')).toEqual({
      type: 'ApiTokenIssued',
      audit: null,
      projections: expect.arrayContaining(['users']),
    });
    expect(known.find((k) => k.type === 'SpaceCreated')).toMatchObject({ audit: 'Space created' });
    expect(known.find((k) => k.type === 'ChangeRequestNumberAllocated')).toEqual({
      type: 'ChangeRequestNumberAllocated',
      audit: null,
      projections: [],
    });
  });

  it('refuse an unknown --type as a wrong command line, suggesting the nearest known type', async () => {
    const known = await knownEventTypes(ALL_PROJECTIONS);
    expect(() => checkEventTypes(['ApiTokenIssued', 'SpaceCreated'], known)).not.toThrow();
    expect(() => checkEventTypes(['ApiTokenIssued', 'ApiTokenIsued'], known)).toThrow(UsageError);
    expect(() => checkEventTypes(['ApiTokenIsued'], known)).toThrow(
      /^--type: unknown event type ApiTokenIsued \(did you mean ApiTokenIssued\?\); `events types` lists the \d+ known types$/,
    );
    expect(() => checkEventTypes(['Nothing'], known)).toThrow(/^--type: unknown event type Nothing; `events types`/);
  });

  it('suggest a type that differs in case or by a typo, and nothing for a word far from every type', () => {
    const known = ['ApiTokenIssued', 'ApiTokenRevoked', 'UserRegistered'];
    expect(closestType('apitokenissued', known)).toBe('ApiTokenIssued');
    expect(closestType('ApiTokenRevokd', known)).toBe('ApiTokenRevoked');
    expect(closestType('UserCreated', known)).toBeUndefined();
  });
});
