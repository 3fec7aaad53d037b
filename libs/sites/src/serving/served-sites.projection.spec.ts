import { projectionSpecPerTest } from '@docs/platform/testing';
import { spaceCreated } from '@docs/content/testing';
import { servedSitesProjection } from './served-sites.projection';
import { SERVED_SITES, SERVED_SPACES, ServedSitesReadModel } from './served-sites.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const ids = { siteId: 'st1', organizationId: 'o1' };
const space = { spaceId: 'sp1', organizationId: 'o1' };
const at = (...events: object[]) => events.map((e) => ({ ...e, metadata: { occurredAt: T1, actor: 'u1' } })) as any[];
const created = { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } };

describe('served-sites projection', () => {
  const spec = projectionSpecPerTest(servedSitesProjection);
  const read = () => new ServedSitesReadModel(spec.readModels);

  it('finds a site by its route and hostname only while it is published, and forgets it once deleted', async () => {
    await spec.given(at(created, { type: 'SiteUpdated', data: { ...ids, changes: { hostname: 'docs.example.com' } } }));
    expect(await spec.readModels.get(SERVED_SITES, 'st1')).toMatchObject({ route: null, hostname: null });
    expect(await read().byRoute('o1', 'st1')).toBeNull();

    await spec.given(at({ type: 'SitePublished', data: ids }));
    expect(await read().byRoute('o1', 'st1')).toMatchObject({ id: 'st1', route: 'o1/st1', state: { published: true } });
    expect((await read().byHostname('docs.example.com'))?.id).toBe('st1');
    const { version } = (await spec.readModels.get(SERVED_SITES, 'st1'))!;

    await spec.given(at({ type: 'SiteUpdated', data: { ...ids, changes: { basename: 'handbook' } } }));
    expect(await read().byRoute('o1', 'st1')).toBeNull();
    expect(await read().byRoute('o1', 'handbook')).toMatchObject({ id: 'st1' });
    expect((await spec.readModels.get(SERVED_SITES, 'st1'))!.version).not.toBe(version);

    await spec.given(at({ type: 'SiteUnpublished', data: ids }));
    expect(await read().byRoute('o1', 'handbook')).toBeNull();
    expect(await read().byHostname('docs.example.com')).toBeNull();
    await spec.given(at({ type: 'SitePublished', data: ids }, { type: 'SiteDeleted', data: ids }));
    expect(await spec.readModels.get(SERVED_SITES, 'st1')).toBeNull();
  });

  it('answers a route it found before as the site is now: renamed, unpublished, deleted (one reader throughout)', async () => {
    const reader = read();
    await spec.given(at(created, { type: 'SitePublished', data: ids }));
    expect((await reader.byRoute('o1', 'st1'))?.state.settings.title).toBe('Docs');
    await spec.given(at({ type: 'SiteUpdated', data: { ...ids, changes: { title: 'Handbook' } } }));
    expect((await reader.byRoute('o1', 'st1'))?.state.settings.title).toBe('Handbook');
    await spec.given(at({ type: 'SiteUpdated', data: { ...ids, changes: { basename: 'handbook' } } }));
    expect(await reader.byRoute('o1', 'st1')).toBeNull();
    expect((await reader.byRoute('o1', 'handbook'))?.id).toBe('st1');
    await spec.given(at({ type: 'SiteUnpublished', data: ids }));
    expect(await reader.byRoute('o1', 'handbook')).toBeNull();
    await spec.given(at({ type: 'SitePublished', data: ids }));
    expect((await reader.byRoute('o1', 'handbook'))?.id).toBe('st1');
    await spec.given(at({ type: 'SiteDeleted', data: ids }));
    expect(await reader.byRoute('o1', 'handbook')).toBeNull();
  });

  it('finds a site by its organization hostname in place of the organization id', async () => {
    await spec.given(at(created, { type: 'SitePublished', data: ids }));
    expect(await read().byRoute('acme', 'st1')).toBeNull();
    await spec.given(at({ type: 'OrganizationSettingsChanged', data: { organizationId: 'o1', changes: { hostname: 'acme' } } }));
    expect((await read().byRoute('acme', 'st1'))?.id).toBe('st1');
    expect((await read().byRoute('o1', 'st1'))?.id).toBe('st1');
    await spec.given(at({ type: 'OrganizationSettingsChanged', data: { organizationId: 'o1', changes: { hostname: 'acme-2' } } }));
    expect(await read().byRoute('acme', 'st1')).toBeNull();
    expect((await read().byRoute('acme-2', 'st1'))?.id).toBe('st1');
  });

  it("keeps each space's live revision and whether it is in use", async () => {
    await spec.given(at(spaceCreated({ spaceId: 'sp1', title: 'One', revisionId: 'r1' })));
    expect(await spec.readModels.get(SERVED_SPACES, 'sp1')).toEqual({ id: 'sp1', title: 'One', revision: 'r1', active: true });
    await spec.given(
      at(
        { type: 'SpaceUpdated', data: { ...space, changes: { title: 'Uno' } } },
        { type: 'SpaceUpdated', data: { ...space, changes: {} } },
      ),
    );
    expect(await spec.readModels.get(SERVED_SPACES, 'sp1')).toMatchObject({ title: 'Uno' });
    await spec.given(at({ type: 'LiveContentChanged', data: { ...space, revisionId: 'r2', parents: ['r1'], changes: [] } }));
    expect((await read().spaces(['sp1', 'nope'])).get('sp1')).toEqual({ id: 'sp1', title: 'Uno', revision: 'r2', active: true });
    await spec.given(at({ type: 'SpaceDeleted', data: space }));
    expect(await spec.readModels.get(SERVED_SPACES, 'sp1')).toMatchObject({ active: false });
    await spec.given(at({ type: 'SpaceRestored', data: space }));
    expect(await spec.readModels.get(SERVED_SPACES, 'sp1')).toMatchObject({ active: true });
    await spec.given(at({ type: 'SpacePurged', data: space }));
    expect(await spec.readModels.get(SERVED_SPACES, 'sp1')).toBeNull();
  });
});
