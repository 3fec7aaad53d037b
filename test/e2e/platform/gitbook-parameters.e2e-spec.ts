import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { joinOrg, newPerson } from '../organizations/fixtures/org-members';
import { E2E_GIT_ROOT } from '../support/host/started-app';
import { orgWorld, OrgWorld } from '../support/org-world';
import { apiDocument, ApiDocument, gitbookDocument, JsonSchema, samples, topLevelProperties } from '../support/gitbook-operations';
import { HttpResult, TestApp } from '../support/test-app';

/**
 * Issue #25: for every operation both GitBook's document and ours (`/v1/openapi.json`) have
 * (matched by operationId), each query parameter and each top-level body field GitBook's document
 * names, sent with values valid by GitBook's schema on real fixtures, is served: the answer is the
 * one the same request without it gets, or, where this server does not take that value, a 400
 * whose message names the parameter and says why (not the generic "should not exist" of a name
 * the route does not know).
 */

/** Fixtures beyond the organization's world: a comment on the change request with a reply, a second collection, a share key. */
interface More {
  changeRequestCommentId: string;
  changeRequestReplyId: string;
  otherCollectionId: string;
  /** A collection inside the other one. */
  siblingCollectionId: string;
  shareKey: string;
  /** The site's customization as the server answers it: the whole settings updateSiteCustomizationById replaces. */
  customization: Record<string, unknown>;
  /** A second published site's urls.published, for the URL-resolution operations (the other operations change the first site). */
  publishedUrl: string;
  /** A bare repository (file://) holding an export of the space, for the git sync operations. */
  gitUrl: string;
}

let slugs = 0;

/** Fields a request needs beyond its schema's required ones (a rule between fields: name at least one user or team). */
const BASE_BODIES = new Map([['inviteToSpace', ['users']]]);

/** What each field or parameter takes, from the fixtures, where GitBook's schema says only "a string" (an id). */
function realValues(world: OrgWorld, more: More, operationId: string, where: 'query' | 'body') {
  const ids = world.ids;
  const byName = new Map<string, unknown>([
    ['organization', ids.organizationId],
    ['space', ids.spaceId],
    ['spaceId', ids.spaceId],
    ['collection', ids.collectionId],
    ['users', [ids.userId]],
    ['teams', [world.teamId]],
    ['authors', [ids.userId]],
    ['creator', ids.userId],
    ['contributor', ids.userId],
    ['requestedReviewer', ids.userId],
    ['actor', ids.userId],
    ['targetPage', ids.pageId],
    ['pageId', ids.pageId],
    ['defaultTeam', world.teamId],
    ['defaultSiteSpace', ids.siteSpaceId],
    ['siteSpaceId', ids.siteSpaceId],
    ['siteSectionId', ids.siteSectionId],
    ['siteSpaceIds', [ids.siteSpaceId]],
    ['currentSiteSpace', ids.siteSpaceId],
    ['defaultSiteSection', ids.siteSectionId],
    ['sectionId', ids.siteSectionId],
    ['siteSectionGroupId', ids.siteSectionGroupId],
    ['parentSectionGroupId', ids.siteSectionGroupId],
    ['sections', [ids.siteSectionId]],
    ['shareKey', more.shareKey],
    ['source', { text: JSON.stringify({ openapi: '3.0.0', info: { title: 'Spec', version: '1' }, paths: {} }) }],
    ['jsonSchema', { type: 'object', properties: {}, additionalProperties: false }],
  ]);
  // Names that mean something else in some operations.
  const byOperation = new Map<string, unknown>([
    ['moveSpace.parent', ids.collectionId],
    ['createSpace.parent', ids.collectionId],
    // Into the other collection (after the sibling there), then before the sibling: two moves that change something.
    ['moveCollection.parent', more.otherCollectionId],
    ['moveCollection.position', { before: { type: 'collection', collection: more.siblingCollectionId } }],
    ['getSpacePDF.page', ids.pageId],
    ['getChangeRequestPDF.page', ids.pageId],
    ['inviteToSpace.users', [ids.userId]],
    ['createOpenAPISpec.slug', () => `gitbook-parameters-${++slugs}`],
    ['updateChangeRequestContent.changes', [{ operation: 'insert_page', title: 'From GitBook' }]],
    ['sortSiteStructure.item', { type: 'site-section', id: ids.siteSectionId }],
    ['addSectionGroupToSite.parent', ids.siteSectionGroupId],
    ['postCommentInSpace.page', ids.pageId],
    ['postCommentInChangeRequest.page', ids.pageId],
    ['createSiteRedirect.source', () => `/gitbook-parameters/${++slugs}`],
    ['getSiteRedirectBySource.source', '/fixture-redirect'],
    ['getPublishedContentByUrl.url', more.publishedUrl],
    ['resolvePublishedContentByUrl.url', more.publishedUrl],
    ['startImportRun.source', { type: 'website', url: 'https://docs.example.invalid/guide' }],
    ['startImportRun.target', { space: ids.spaceId }],
    ['startImportRun.site', ids.siteId],
    ['exportToGitRepository.url', more.gitUrl],
    ['importGitRepository.url', more.gitUrl],
    ['exportToGitRepository.ref', 'refs/heads/main'],
    ['importGitRepository.ref', 'refs/heads/main'],
  ]);
  const fresh = (value: unknown) => (typeof value === 'function' ? value() : value);
  return (name: string) => {
    const key = `${operationId}.${name}`;
    if (byOperation.has(key)) return fresh(byOperation.get(key));
    // A PUT replaces the whole customization: the fixture's own settings, each field as the server keeps it.
    if (operationId === 'updateSiteCustomizationById' && Object.hasOwn(more.customization, name)) return more.customization[name];
    return where === 'query' && name === 'page' ? undefined : byName.get(name);
  };
}

describe("every query parameter and body field of GitBook's document, on the operations we share", () => {
  let app: TestApp;
  let world: OrgWorld;
  let more: More;
  let ours: ApiDocument;
  const gitbook = gitbookDocument();
  /** Who sends an operation, where the owner may not (by default, the owner). */
  const callers = new Map<string, string>();

  beforeAll(async () => {
    app = await TestApp.shared();
    world = await orgWorld(app, 'gitbook-parameters');
    const served = await app.get('/v1/openapi.json');
    ours = apiDocument(served.body);
    const { spaceId, changeRequestId, organizationId, siteId } = world.ids;
    const cr = `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`;
    const comment = await app.post(`${cr}/comments`, { body: { markdown: 'On the change' } });
    const reply = await app.post(`${cr}/comments/${comment.body.id}/replies`, { body: { markdown: 'A reply' } });
    const collection = await app.post(`/v1/orgs/${organizationId}/collections`, { title: 'Another collection' });
    const sibling = await app.post(`/v1/orgs/${organizationId}/collections`, { title: 'Sibling', parent: collection.body.id });
    const site = `/v1/orgs/${organizationId}/sites/${siteId}`;
    expect((await app.post(`${site}/publish`)).status).toBe(200);
    const [link] = (await app.get(`${site}/share-links`)).body.items;
    const gitRepo = join(mkdtempSync(join(E2E_GIT_ROOT, 'gitbook-parameters-')), 'docs.git');
    execFileSync('git', ['init', '-q', '--bare', gitRepo], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    const exported = await app.post(`/v1/spaces/${spaceId}/git/export`, {
      url: `file://${gitRepo}`,
      ref: 'refs/heads/main',
      commitMessage: 'Fixture',
    });
    expect(exported.status).toBe(204);
    // Reviews come from a reviewer: the change request's author may not approve it.
    const reviewer = await newPerson(app, 'gitbook-parameters-reviewer');
    await joinOrg(app, organizationId, reviewer, 'review');
    callers.set('submitChangeRequestReview', reviewer.token);
    more = {
      changeRequestCommentId: comment.body.id,
      changeRequestReplyId: reply.body.id,
      otherCollectionId: collection.body.id,
      siblingCollectionId: sibling.body.id,
      shareKey: new URL(link.urls.published).searchParams.get('share')!,
      customization: (await app.get(`${site}/customization`)).body,
      publishedUrl: await publishedSite(organizationId, spaceId),
      gitUrl: `file://${gitRepo}`,
    };
  });
  afterAll(() => app.stop());

  async function publishedSite(organizationId: string, spaceId: string): Promise<string> {
    const created = await app.post(`/v1/orgs/${organizationId}/sites`, { title: 'Resolved', spaces: [spaceId] });
    const published = await app.post(`/v1/orgs/${organizationId}/sites/${created.body.id}/publish`);
    expect(published.status).toBe(200);
    return published.body.urls.published;
  }

  const shared = () => [...gitbook.operations.keys()].filter((id) => ours.operations.has(id));

  function pathOf(operationId: string): string {
    const { path } = ours.operations.get(operationId)!;
    const onChangeRequest = /InChangeRequest$/.test(operationId);
    const values = new Map(Object.entries(world.ids));
    if (onChangeRequest) values.set('commentId', more.changeRequestCommentId).set('commentReplyId', more.changeRequestReplyId);
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values.get(name);
      if (value === undefined) throw new Error(`no fixture for path parameter ${name} of ${operationId}`);
      return encodeURIComponent(value).replace(/%2F/g, '/');
    });
  }

  /** Our operation's required query parameters (the search routes' `query`), from the fixtures or our schema. */
  function requiredQuery(operationId: string): [string, unknown][] {
    const real = realValues(world, more, operationId, 'query');
    return ours.operations
      .get(operationId)!
      .query.filter((p) => p.required)
      .map(({ name, schema }) => [name, samples(ours, schema, real, name)[0]]);
  }

  /** Our request without GitBook's field: our body's required fields (and those BASE_BODIES adds), ids from the fixtures. */
  function baseBody(operationId: string): Record<string, unknown> | undefined {
    const body = ours.operations.get(operationId)!.body;
    if (!body) return undefined;
    const real = realValues(world, more, operationId, 'body');
    const base = samples(ours, body, real)[0] as Record<string, unknown>;
    for (const name of BASE_BODIES.get(operationId) ?? []) base[name] = real(name);
    return base;
  }

  function send(operationId: string, query: [string, unknown][], body: Record<string, unknown> | undefined): Promise<HttpResult> {
    const { method } = ours.operations.get(operationId)!;
    const search = new URLSearchParams();
    for (const [name, value] of [...requiredQuery(operationId).filter(([n]) => !query.some(([q]) => q === n)), ...query])
      for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
    const qs = search.toString();
    const token = callers.get(operationId);
    return app.request(method, `${pathOf(operationId)}${qs ? `?${qs}` : ''}`, {
      ...(body !== undefined && { body }),
      ...(token && { token }),
    });
  }

  /** What is wrong with the answer to a request carrying `name` (null: nothing): not served, and not a 400 naming it and why. */
  function problem(answer: HttpResult, name: string): string | null {
    if (answer.status < 300) return null;
    const message: unknown = answer.body?.error?.message;
    if (answer.status !== 400) return `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    if (typeof message !== 'string' || !message.includes(name)) return `400 not naming ${name}: ${String(message)}`;
    if (/should not exist/.test(message)) return `400 without a reason: ${message}`;
    return null;
  }

  /** Sends each operation once per GitBook parameter (or body field) and value; collects the problems. */
  async function check(kind: 'query' | 'body') {
    const findings: string[] = [];
    let sent = 0;
    for (const operationId of shared()) {
      const theirs = gitbook.operations.get(operationId)!;
      const real = realValues(world, more, operationId, kind);
      const named: [string, JsonSchema][] =
        kind === 'query' ? theirs.query.map(({ name, schema }) => [name, schema]) : [...topLevelProperties(gitbook, theirs.body)];
      // Every enum value, both booleans, each branch of a oneOf: one request each. The first value goes last, so a
      // write leaves the fixture as it is usable (inviteLinks true, a change request in draft), not as the last value would.
      const cases = named.flatMap(([name, schema]) => {
        const [first, ...others] = samples(gitbook, schema, real, name, true);
        return [...others, first].map((v): [string, unknown] => [name, v]);
      });
      if (cases.length === 0) continue;
      for (const [name, value] of cases) {
        const base = baseBody(operationId);
        const answer =
          kind === 'query' ? await send(operationId, [[name, value]], base) : await send(operationId, [], { ...base, [name]: value });
        sent++;
        const label = `${operationId} ${kind === 'query' ? '?' : 'body.'}${name}=${JSON.stringify(value)}`;
        const wrong = problem(answer, name);
        if (wrong) findings.push(`${label}: ${wrong}`);
      }
    }
    return { findings, sent };
  }

  it('shares most of its operations with GitBook', () => {
    expect(shared().length).toBeGreaterThan(150);
  });

  it('serves every query parameter GitBook documents, or refuses a value with a 400 naming the parameter and why', async () => {
    const { findings, sent } = await check('query');
    expect(sent).toBeGreaterThan(150);
    expect(findings).toEqual([]);
  });

  it('serves every top-level body field GitBook documents, or refuses a value with a 400 naming the field and why', async () => {
    const { findings, sent } = await check('body');
    expect(sent).toBeGreaterThan(150);
    expect(findings).toEqual([]);
  });
});
