import type { ServedSiteDoc, ServedSitesReadModel } from '../serving/served-sites.read-model';
import { addressedSite, SiteHosts } from './site-address';

const doc = (id: string) => ({ id, organizationId: 'org1' }) as ServedSiteDoc;

/** Sites by route (`<organization id or hostname>/<name>`) and by custom hostname, as the read model finds them. */
const sites = {
  byRoute: async (organization: string, name: string) =>
    ['org1', 'acme'].includes(organization) && name === 'handbook' ? doc('handbook') : null,
  byHostname: async (host: string) => (host === 'docs.example.com' ? doc('hosted') : null),
} as unknown as ServedSitesReadModel;

const at = (url: string, hosts: SiteHosts = { publicUrl: 'https://api.test', sitesDomain: 'sites.test' }) =>
  addressedSite(new URL(url), hosts, sites).then((found) => found && { id: found.doc.id, siteBase: found.siteBase, rest: found.rest });

describe('addressedSite', () => {
  it('finds a site under /sites/<organization>/<name> on any host, with PUBLIC_URL path prefix on its host', async () => {
    expect(await at('https://api.test/sites/org1/handbook/guide/install')).toEqual({
      id: 'handbook',
      siteBase: '/sites/org1/handbook',
      rest: ['guide', 'install'],
    });
    expect(await at('https://api.test/sites/acme/handbook')).toEqual({ id: 'handbook', siteBase: '/sites/acme/handbook', rest: [] });
    expect(await at('https://api.test/docs/sites/org1/handbook/a%20b', { publicUrl: 'https://api.test/docs', sitesDomain: null })).toEqual({
      id: 'handbook',
      siteBase: '/docs/sites/org1/handbook',
      rest: ['a b'],
    });
    expect(await at('https://api.test/sites/org1/other')).toBeNull();
    expect(await at('https://api.test/sites/org1')).toBeNull();
    expect(await at('https://api.test/sites//handbook')).toBeNull();
  });

  it('finds <organization>.<SITES_DOMAIN>/<name> and custom hostnames, never the API host or an IP', async () => {
    expect(await at('https://ACME.sites.test/handbook/faq')).toEqual({ id: 'handbook', siteBase: '/handbook', rest: ['faq'] });
    expect(await at('https://x.acme.sites.test/handbook')).toBeNull();
    expect(await at('https://acme.sites.test/')).toBeNull();
    expect(await at('https://docs.example.com/guide/')).toEqual({ id: 'hosted', siteBase: '', rest: ['guide'] });
    expect(await at('https://api.test/guide')).toBeNull();
    expect(await at('http://127.0.0.1/guide')).toBeNull();
    expect(await at('http://localhost/guide')).toBeNull();
  });

  it('names nothing through a malformed escape', async () => {
    expect(await at('https://api.test/sites/org1/handbook/%E0%A4%A')).toBeNull();
    expect(await at('https://api.test/sites/%E0%A4%A/handbook')).toBeNull();
    expect(await at('https://docs.example.com/%ZZ')).toBeNull();
  });
});
