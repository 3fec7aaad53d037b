import { Doc, ProjectionWriter, RecordedEvent } from '@docs/platform';
import { organizationsProjection } from './organizations.projection';

/** An in-memory writer: enough for a projection whose apply reads by id only. */
function memoryWriter(): ProjectionWriter & { docs: (collection: string) => Doc[] } {
  const store = new Map<string, Map<string, Doc>>();
  const of = (c: string) => store.get(c) ?? store.set(c, new Map()).get(c)!;
  return {
    get: async <T extends Doc>(c: string, id: string) => (of(c).get(id) as T | undefined) ?? null,
    find: async () => {
      throw new Error('organizations projection reads by id only');
    },
    put: (c, doc) => void of(c).set(doc.id, JSON.parse(JSON.stringify(doc)) as Doc),
    delete: (c, id) => void of(c).delete(id),
    update: async <T extends Doc>(c: string, id: string, evolve: (doc: T | null) => T | null) => {
      const next = evolve((of(c).get(id) as T | undefined) ?? null);
      if (next) of(c).set(id, next);
      else of(c).delete(id);
      return next;
    },
    docs: (c) => [...of(c).values()],
  };
}

let position = 0n;
const event = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({
    type,
    data,
    id: `e${++position}`,
    position: position,
    streamId: 'organization-o1',
    revision: position,
    metadata: { schemaVersion: 1, actor: 'u1', correlationId: 'c', causationId: null, occurredAt: `2024-01-0${position}T00:00:00.000Z` },
  }) as unknown as RecordedEvent;

describe('organizations projection: organization_domains', () => {
  it('keeps one document per declared domain, in the organization creation order', async () => {
    const w = memoryWriter();
    const created = { organizationId: 'o1', title: 'Acme', emailDomains: ['acme.test', 'acme.example'], type: 'business', plan: 'free', inviteLinks: true, createdBy: 'u1' };
    await organizationsProjection.apply(event('OrganizationCreated', created), w);
    expect(w.docs('organization_domains').map((d) => [d.id, d.createdAt])).toEqual([
      ['acme.test:o1', '2024-01-01T00:00:00.000Z'],
      ['acme.example:o1', '2024-01-01T00:00:00.000Z'],
    ]);

    await organizationsProjection.apply(event('OrganizationSettingsChanged', { organizationId: 'o1', changes: { emailDomains: ['acme.example', 'acme.org'] } }), w);
    expect(w.docs('organization_domains').map((d) => d.id).sort()).toEqual(['acme.example:o1', 'acme.org:o1']);
    expect(w.docs('organization_domains').every((d) => d.createdAt === '2024-01-01T00:00:00.000Z')).toBe(true);

    await organizationsProjection.apply(event('OrganizationSettingsChanged', { organizationId: 'o1', changes: { title: 'Renamed' } }), w);
    expect(w.docs('organization_domains')).toHaveLength(2);

    await organizationsProjection.apply(event('OrganizationSettingsChanged', { organizationId: 'o1', changes: { emailDomains: null } }), w);
    expect(w.docs('organization_domains')).toEqual([]);
  });
});
