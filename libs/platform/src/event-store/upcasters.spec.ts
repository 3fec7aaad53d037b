import { RecordedEvent } from './event-store';
import { UpcasterRegistry } from './upcasters';

const event = (schemaVersion: number, data: Record<string, unknown>): RecordedEvent => ({
  id: 'e1',
  type: 'Renamed',
  data,
  streamId: 's',
  revision: 0n,
  position: 1n,
  metadata: { schemaVersion, actor: 'u', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' },
});

describe('UpcasterRegistry', () => {
  const registry = new UpcasterRegistry([
    { type: 'Renamed', fromVersion: 1, upcast: (d) => ({ title: d.name }) },
    { type: 'Renamed', fromVersion: 2, upcast: (d) => ({ ...d, locale: 'en' }) },
  ]);

  it('applies the chain from the stored version to the newest', () => {
    expect(registry.apply(event(1, { name: 'A' }))).toMatchObject({ data: { title: 'A', locale: 'en' }, metadata: { schemaVersion: 3 } });
    expect(registry.apply(event(2, { title: 'B' }))).toMatchObject({ data: { title: 'B', locale: 'en' }, metadata: { schemaVersion: 3 } });
  });

  it('leaves current and unknown events untouched', () => {
    const current = event(3, { title: 'C', locale: 'fr' });
    expect(registry.apply(current)).toBe(current);
  });

  it('refuses two upcasters for the same version', () => {
    expect(() => registry.register({ type: 'Renamed', fromVersion: 1, upcast: (d) => d })).toThrow(/two upcasters/);
  });
});
