import { ContentCast, contentCast, createSpace, grant, spacePath } from '../support/content-world';
import { HttpResult, OWNER_TOKEN, TestApp } from '../support/test-app';

/**
 * The `spaces` of GitBook's OrganizationMember and OrganizationTeam: counted by the content
 * context (SpaceCounts), by the rules of the lists. A member's count is the `count` of
 * GET .../members/{userId}/spaces; a team's, the active spaces granted to it.
 */
describe('spaces of members and teams', () => {
  let app: TestApp;
  let cast: ContentCast;
  let org: string;
  let teamId: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await contentCast(app, 'counts');
    org = cast.organizationId;
    teamId = (await app.put(`/v1/orgs/${org}/teams`, { title: 'Docs team', members: [cast.reader.userId] })).body.id;
  });
  afterAll(() => app.stop());

  const ok = (res: HttpResult) => {
    expect(res.status).toBe(200);
    return res.body;
  };
  const listedSpaces = async (userId: string): Promise<number> => ok(await app.get(`/v1/orgs/${org}/members/${userId}/spaces`)).count;
  const teamSpaces = async (): Promise<number> => ok(await app.get(`/v1/orgs/${org}/teams/${teamId}`)).spaces;

  /** Every member's `spaces`, in the list, the single read and the member's own spaces list, agree. */
  async function expectMemberCounts(expected: Record<'admin' | 'editor' | 'reader' | 'guest', number>): Promise<void> {
    const listed = ok(await app.get(`/v1/orgs/${org}/members?limit=100`)).items;
    for (const caller of ['admin', 'editor', 'reader', 'guest'] as const) {
      const userId = cast.userId(caller);
      expect({ caller, spaces: listed.find((m: { id: string }) => m.id === userId).spaces }).toEqual({ caller, spaces: expected[caller] });
      expect({ caller, spaces: ok(await app.get(`/v1/orgs/${org}/members/${userId}`)).spaces }).toEqual({
        caller,
        spaces: expected[caller],
      });
      expect({ caller, spaces: await listedSpaces(userId) }).toEqual({ caller, spaces: expected[caller] });
    }
  }

  it('counts every active space for members with a role, the granted ones for guests, the granted ones for teams', async () => {
    await expectMemberCounts({ admin: 0, editor: 0, reader: 0, guest: 0 });
    expect(await teamSpaces()).toBe(0);

    const handbook = await createSpace(app, org, { title: 'Handbook' });
    const api = await createSpace(app, org, { title: 'API' });
    await createSpace(app, org, { title: 'Internal' });
    await grant(app, handbook.id, { role: 'read', users: [cast.guest.userId] });
    await grant(app, api.id, { role: 'edit', teams: [teamId] });
    await expectMemberCounts({ admin: 3, editor: 3, reader: 3, guest: 1 });
    expect(await teamSpaces()).toBe(1);

    // The guest joins the team: its grant counts for them too (a space granted twice counts once).
    await app.put(`/v1/orgs/${org}/teams/${teamId}/members/${cast.guest.userId}`, { role: 'member' });
    await grant(app, api.id, { role: 'read', users: [cast.guest.userId] });
    await expectMemberCounts({ admin: 3, editor: 3, reader: 3, guest: 2 });

    // A deleted space no longer counts, for anyone; restored, it counts again.
    expect((await app.delete(spacePath(api.id))).status).toBe(205);
    await expectMemberCounts({ admin: 2, editor: 2, reader: 2, guest: 1 });
    expect(await teamSpaces()).toBe(0);
    expect((await app.post(`${spacePath(api.id)}/restore`)).status).toBe(200);
    expect(await teamSpaces()).toBe(1);
  });

  it('shows the team count wherever a team is answered: lists, the member teams, the space grants', async () => {
    const space = await createSpace(app, org, { title: 'Team space' });
    await grant(app, space.id, { role: 'comment', teams: [teamId] });
    const expected = await teamSpaces();
    expect(expected).toBeGreaterThanOrEqual(1);
    const fromList = ok(await app.get(`/v1/orgs/${org}/teams`)).items.find((t: { id: string }) => t.id === teamId);
    expect(fromList.spaces).toBe(expected);
    const memberTeams = ok(await app.get(`/v1/orgs/${org}/members/${cast.reader.userId}/teams`)).items;
    expect(memberTeams.map((m: { team: { id: string; spaces: number } }) => [m.team.id, m.team.spaces])).toEqual([[teamId, expected]]);
    const grants = ok(await app.get(`${spacePath(space.id)}/permissions/teams`)).items;
    expect(grants.map((g: { team: { id: string; spaces: number } }) => [g.team.id, g.team.spaces])).toEqual([[teamId, expected]]);
    const renamed = await app.patch(`/v1/orgs/${org}/teams/${teamId}`, { title: 'Docs crew' }, OWNER_TOKEN);
    expect(renamed.body.spaces).toBe(expected);
  });
});
