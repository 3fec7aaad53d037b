import { TestApp } from '../support/test-app';
import { addSpace, createSite, siteSpacesOf } from './site-world';
import { publishedPath, spaceWithPages } from './served-world';

/** Two spaces for served sites: a handbook (Welcome, Guide, Install under Guide: `## Steps`) and an API (Reference). */
export interface Handbooks {
  handbook: { space: any; ids: string[] };
  api: { space: any; ids: string[] };
}

export async function handbooks(app: TestApp, organizationId: string): Promise<Handbooks> {
  const handbook = await spaceWithPages(app, organizationId, 'Handbook', [
    { title: 'Welcome', markdown: 'Hello.' },
    { title: 'Guide', markdown: 'The guide.' },
    { title: 'Install', markdown: '## Steps\n\nRun it.', under: 1 },
  ]);
  const api = await spaceWithPages(app, organizationId, 'API', [{ title: 'Reference', markdown: 'Endpoints.' }]);
  return { handbook, api };
}

/**
 * A site of the handbook (its default site space, `main`) with the API as a second variant, with
 * `prepare` run before it is published: the site, its site spaces and the path it is served at.
 */
export async function variantSite(
  app: TestApp,
  organizationId: string,
  { handbook, api }: Handbooks,
  body: object,
  prepare: (site: any, main: any, variant: any) => Promise<void> = async () => undefined,
): Promise<{ site: any; main: any; variant: any; base: string }> {
  const site = await createSite(app, organizationId, { title: 'Docs', spaces: [handbook.space.id], ...body });
  const variant = await addSpace(app, organizationId, site.id, api.space.id);
  const listed = (await app.get(siteSpacesOf(organizationId, site.id))).body.items as any[];
  const main = listed.find((s) => s.space.id === handbook.space.id);
  await prepare(site, main, variant);
  return { site, main, variant, base: await publishedPath(app, organizationId, site.id) };
}
