import { CONTRACT_OPERATIONS, CONTRACT_OVER_GITBOOK, SUITE_SECTIONS } from './gitbook-client-driver';
import { gitbookAnswerErrors, gitbookOperation, gitbookOperationIdAt } from './gitbook-schema';

/** The GitBook client suites (test/e2e/platform/gitbook-*.e2e-spec.ts) share the contract's operations out between them. */
describe('the contract operations the GitBook client suites drive', () => {
  it('are the 125 of docs/contract/operations.json', () => {
    expect(CONTRACT_OPERATIONS).toHaveLength(125);
  });

  it('every section of the contract is driven by exactly one suite', () => {
    const assigned = Object.values(SUITE_SECTIONS).flat();
    expect(new Set(assigned).size).toBe(assigned.length);
    expect([...assigned].sort()).toEqual([...new Set(CONTRACT_OPERATIONS.map((op) => op.section))].sort());
  });

  it('names its exceptions by operations GitBook has, all in the contract', () => {
    for (const operationId of CONTRACT_OVER_GITBOOK.keys()) {
      const route = gitbookOperation(operationId);
      expect(route).toBeDefined();
      expect(CONTRACT_OPERATIONS.some((op) => gitbookOperationIdAt(op.method, op.path) === operationId)).toBe(true);
    }
  });
});

/** GitBook's answer for an operation and status, as the suites check it. */
describe('gitbookAnswerErrors', () => {
  const team = {
    object: 'team',
    id: 't1',
    title: 'Editors',
    members: 2,
    spaces: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    permissions: { admin: true, view: true },
  };

  it("validates a body against the operation's schema for the status, $refs resolved", () => {
    expect(gitbookAnswerErrors('getTeamInOrganizationById', 200, team)).toEqual([]);
    expect(gitbookAnswerErrors('getTeamInOrganizationById', 200, { ...team, title: 7 })).toEqual([expect.stringContaining('/title')]);
    expect(gitbookAnswerErrors('listTeamsInOrganizationById', 200, { items: [team] })).toEqual([]);
    expect(gitbookAnswerErrors('listTeamsInOrganizationById', 200, { items: [{ ...team, id: 1 }] })).not.toEqual([]);
  });

  it('refuses a status GitBook does not declare, and a body where it declares none', () => {
    expect(gitbookAnswerErrors('removeTeamFromOrganizationById', 200, team)).toEqual([
      expect.stringMatching(/declares no status 200 .*204, 205/),
    ]);
    expect(gitbookAnswerErrors('removeTeamFromOrganizationById', 205, undefined)).toEqual([]);
    expect(gitbookAnswerErrors('removeTeamFromOrganizationById', 205, team)).toEqual([expect.stringContaining('declares no body')]);
  });

  it('reads error answers through their $ref (NotFoundError)', () => {
    expect(gitbookAnswerErrors('getOrganizationById', 404, { error: { code: 404, message: 'organization not found' } })).toEqual([]);
    expect(gitbookAnswerErrors('getOrganizationById', 404, { oops: true })).not.toEqual([]);
  });

  it('maps routes to GitBook operationIds, whatever the parameter names', () => {
    expect(gitbookOperationIdAt('GET', '/v1/orgs/{org}/teams/{team}')).toBe('getTeamInOrganizationById');
    expect(gitbookOperationIdAt('POST', '/v1/spaces/{spaceId}/transfer')).toBeUndefined();
  });
});
