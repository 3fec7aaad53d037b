import { randomUUID } from 'node:crypto';
import { createSpace } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { collectAll, TestApp } from '../support/test-app';

interface AuditItem {
  id: string;
  action: string;
  actor: { type: string; id: string; label?: string };
  source: string;
  target: { type: string; id: string };
}

/**
 * The organization audit trail covers every context's events for the organization (each context's
 * audit catalog, composed by the app), follows one request across streams by correlation id, and
 * records the operator CLI as the system.
 */
describe('organization audit trail across contexts', () => {
  let app: TestApp;
  let orgId: string;
  let ownerId: string;
  let spaceId: string;
  let changeRequestId: string;
  let siteId: string;
  let specId: string;
  let commentId: string;
  const trail = (query = ''): Promise<AuditItem[]> => collectAll(app, `/v1/orgs/${orgId}/audit-events?limit=100${query}`);
  const withHeader = (method: string, path: string, body: unknown, requestId: string) =>
    app.request(method, path, { body, headers: { 'x-request-id': requestId } });

  beforeAll(async () => {
    app = await TestApp.shared();
    ownerId = (await app.get('/v1/user')).body.id;
    orgId = (await app.post('/v1/orgs', { title: 'Audited Everything' })).body.id;

    spaceId = (await createSpace(app, orgId, { title: 'Handbook' })).id;
    const cr = await withHeader('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'First page' }, 'audit-cr-create');
    expect(cr.status).toBe(201);
    changeRequestId = cr.body.id;
    const edit = await app.post(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`, {
      changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello' } }],
    });
    expect(edit.status).toBe(200);
    const merged = await withHeader('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/merge`, undefined, 'audit-merge');
    expect(merged.status).toBe(200);
    const comment = await app.post(`/v1/spaces/${spaceId}/comments`, { body: { markdown: 'Nice page' } });
    expect(comment.status).toBe(200);
    commentId = comment.body.id;

    const site = await app.post(`/v1/orgs/${orgId}/sites`, { title: 'Docs' });
    expect(site.status).toBe(201);
    siteId = site.body.id;
    const spec = await app.post(`/v1/orgs/${orgId}/openapi`, {
      slug: 'pets',
      source: { text: JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1.0.0' }, paths: {} }) },
    });
    expect(spec.status).toBe(201);
    specId = spec.body.id;
    const integration = await app.post('/v1/integrations/audit-analytics', {
      organization: orgId,
      title: 'Audit Analytics',
      description: 'Counts visitors',
      script: 'export default {}',
      scopes: ['site:views:read'],
    });
    expect(integration.status).toBe(200);
  });
  afterAll(() => app.stop());

  it('records spaces, change requests, merges, comments, sites, OpenAPI specs and integrations with their action and target', async () => {
    const items = await trail();
    const has = (action: string, target: { type: string; id: string }) =>
      expect(items.filter((e) => e.action === action).map((e) => e.target)).toContainEqual(target);
    has('SpaceCreated', { type: 'space', id: spaceId });
    has('ChangeRequestCreated', { type: 'change-request', id: changeRequestId });
    has('ChangeRequestContentEdited', { type: 'change-request', id: changeRequestId });
    has('ChangeRequestMerged', { type: 'change-request', id: changeRequestId });
    has('LiveContentChanged', { type: 'space', id: spaceId });
    has('SiteCreated', { type: 'site', id: siteId });
    has('OpenAPISpecCreated', { type: 'openapi-spec', id: specId });
    has('IntegrationPublished', { type: 'integration', id: 'audit-analytics' });
    for (const e of items) expectGitbookSchema('AuditEvent', e);
    expect(items.find((e) => e.action === 'SiteCreated')).toMatchObject({
      actor: { type: 'user', id: ownerId, label: 'Owner <owner@docs.local>' },
      source: 'api',
    });
    // Bookkeeping is not audited.
    expect(items.map((e) => e.action)).not.toContain('ChangeRequestNumberAllocated');
    // Comment events name their space only: the trail places them in the space's organization.
    has('CommentPosted', { type: 'comment', id: commentId });

    const details = await app.get(`/v1/orgs/${orgId}/audit-events/${items.find((e) => e.action === 'SpaceCreated')!.id}`);
    expect(details.body).toMatchObject({ action: 'SpaceCreated', payload: { spaceId, organizationId: orgId, title: 'Handbook' } });
    expectGitbookSchema('AuditEventDetails', details.body);
  });

  it('follows one request across streams by correlation id', async () => {
    const merge = await trail('&correlationId=audit-merge');
    // The merge wrote on the space's stream and the change request's, under one correlation id.
    expect(merge.map((e) => [e.action, e.target])).toEqual([
      ['ChangeRequestMerged', { type: 'change-request', id: changeRequestId }],
      ['LiveContentChanged', { type: 'space', id: spaceId }],
    ]);
    const count = await app.get(`/v1/orgs/${orgId}/audit-events?correlationId=audit-merge&limit=1`);
    expect(count.body.count).toBe(2);
    expect(count.body.items).toHaveLength(1);
    // Filters combine along the range.
    expect((await trail('&correlationId=audit-merge&action=LiveContentChanged')).map((e) => e.action)).toEqual(['LiveContentChanged']);
    expect((await trail('&correlationId=audit-cr-create')).map((e) => e.action)).toEqual(['ChangeRequestCreated']);
    expect(await trail('&correlationId=no-such-request')).toEqual([]);
    // Another organization's request is not this organization's.
    const other = (await app.request('POST', '/v1/orgs', { body: { title: 'Elsewhere' }, headers: { 'x-request-id': 'audit-other-org' } }))
      .body.id;
    expect(await trail('&correlationId=audit-other-org')).toEqual([]);
    expect(
      (await collectAll(app, `/v1/orgs/${other}/audit-events?correlationId=audit-other-org`)).map((e: AuditItem) => e.action),
    ).toContain('OrganizationCreated');
  });

  it('rejects a correlation id longer than a request id (400)', async () => {
    const res = await app.get(`/v1/orgs/${orgId}/audit-events?correlationId=${'x'.repeat(129)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/correlationId/);
  });

  it("lists every context's actions", async () => {
    const res = await app.get(`/v1/orgs/${orgId}/audit-event-actions`);
    expect(res.status).toBe(200);
    const ids = res.body.items.map((a: { id: string }) => a.id);
    for (const id of [
      'OrganizationCreated',
      'SpaceCreated',
      'CollectionCreated',
      'ChangeRequestMerged',
      'SiteCreated',
      'OpenAPISpecCreated',
      'IntegrationPublished',
      'IntegrationInstalled',
    ]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(res.body.items).toContainEqual({ object: 'audit-event-action', id: 'ChangeRequestMerged', label: 'Change request merged' });
    for (const a of res.body.items) expectGitbookSchema('AuditEventAction', a);
  });

  it('records the operator CLI as the system, naming the operator', async () => {
    const teamId = (await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Writers' })).body.id;
    // As the CLI records it (apps/cli: actor `cli:<user>@<host>`, correlation id `cli-<uuid>`).
    const correlationId = `cli-${randomUUID()}`;
    const metadata = {
      schemaVersion: 1,
      actor: 'cli:ann@ops-host',
      correlationId,
      causationId: null,
      occurredAt: new Date().toISOString(),
    };
    await app.appendEvents(
      `team-${teamId}`,
      [{ type: 'TeamRenamed', data: { organizationId: orgId, teamId, title: 'Editors' }, metadata }],
      ['audit'],
    );
    const [renamed] = await trail(`&correlationId=${correlationId}`);
    expect(renamed).toMatchObject({
      action: 'TeamRenamed',
      actor: { type: 'system', id: 'cli:ann@ops-host', label: 'CLI operator ann@ops-host' },
      source: 'script',
      target: { type: 'team', id: teamId },
    });
    expectGitbookSchema('AuditEvent', renamed);
    expect((await trail('&actor=cli:ann@ops-host')).map((e) => e.action)).toEqual(['TeamRenamed']);
  });
});
