import { joinOrg, newPerson, Person } from '../organizations/fixtures/org-members';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, expectValidAnswer } from '../support/content-world';
import { HttpResult, TestApp } from '../support/test-app';

/** Route templates of the served document (answers are checked against them). */
export const T = {
  sites: '/v1/orgs/{organizationId}/sites',
  site: '/v1/orgs/{organizationId}/sites/{siteId}',
  publish: '/v1/orgs/{organizationId}/sites/{siteId}/publish',
  unpublish: '/v1/orgs/{organizationId}/sites/{siteId}/unpublish',
  siteSpaces: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces',
  siteSpace: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
};

export const sitesOf = (organizationId: string) => `/v1/orgs/${organizationId}/sites`;
export const sitePath = (organizationId: string, siteId: string) => `${sitesOf(organizationId)}/${siteId}`;
export const siteSpacesOf = (organizationId: string, siteId: string) => `${sitePath(organizationId, siteId)}/site-spaces`;
export const siteSpacePath = (organizationId: string, siteId: string, siteSpaceId: string) =>
  `${siteSpacesOf(organizationId, siteId)}/${siteSpaceId}`;

/** The answer is what the served document says, and valid under GitBook's schema `gitbook` (each item of a list). */
export const valid = (schemas: AnswerSchemas, method: string, template: string, res: HttpResult, gitbook?: string) =>
  expectValidAnswer(schemas, method, template, res, gitbook);

/** The content cast (admin, editor, reader, guest, outsider) plus a member with the create role. */
export interface SiteCast extends ContentCast {
  creator: Person;
}

export async function siteCast(app: TestApp, tag: string): Promise<SiteCast> {
  const [cast, creator] = await Promise.all([
    contentCast(app, tag),
    newPerson(app, `Cree ${tag}`, `creator-${tag}-${Date.now()}@sites.test`),
  ]);
  await joinOrg(app, cast.organizationId, creator, 'create');
  return { ...cast, creator };
}

/** Creates a site (as the owner unless `token`) and returns the Site. */
export async function createSite(app: TestApp, organizationId: string, body: object = { title: 'Docs' }, token?: string): Promise<any> {
  const res = await app.post(sitesOf(organizationId), body, token);
  if (res.status !== 201) throw new Error(`could not create site: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Adds a space to a site (as the owner) and returns the SiteSpace. */
export async function addSpace(app: TestApp, organizationId: string, siteId: string, spaceId: string): Promise<any> {
  const res = await app.post(siteSpacesOf(organizationId, siteId), { spaceId });
  if (res.status !== 201) throw new Error(`could not add space: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
