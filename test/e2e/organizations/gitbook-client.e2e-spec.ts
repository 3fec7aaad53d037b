import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { OWNER_TOKEN, TestApp } from '../support/test-app';

/** GitBook's own API client, pointed at our server, works unchanged. */
describe('GitBook API client compatibility (organizations)', () => {
  let app: TestApp;
  let api: GitBookAPI;

  beforeAll(async () => {
    app = await TestApp.start();
    api = new GitBookAPI({ authToken: OWNER_TOKEN, endpoint: app.url });
  });
  afterAll(() => app.stop());

  it('creates, reads, lists and updates organizations through the client', async () => {
    const me = await api.user.getAuthenticatedUser();
    expect(me.data).toMatchObject({ object: 'user', email: 'owner@docs.local' });

    const created = await api.orgs.createOrganization({ title: 'Client Org' });
    expect(created.status).toBe(201);
    const { data: org } = created;
    expect(org).toMatchObject({ object: 'organization', title: 'Client Org' });

    expect((await api.orgs.getOrganizationById(org.id)).data).toEqual(org);
    const list = await api.orgs.listOrganizationsForAuthenticatedUser({ limit: 10 });
    expect(list.data.items.map((o) => o.id)).toContain(org.id);

    const updated = await api.orgs.updateOrganizationById(org.id, { title: 'Client Org Renamed', inviteLinks: false });
    expect(updated.data).toMatchObject({ title: 'Client Org Renamed', inviteLinks: false });
  });

  it('surfaces our error bodies as GitBookAPIError with code and message', async () => {
    const error = await api.orgs.getOrganizationById('unknownOrganization0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(404);
    expect((error as GitBookAPIError).message).toMatch(/not found/);
  });
});
