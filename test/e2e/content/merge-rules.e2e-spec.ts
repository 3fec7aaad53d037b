import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { PLAIN_MERGE_RULES, USER_MERGE_RULES } from '@docs/kernel';
import { joinOrg, newPerson, Person } from '../organizations/fixtures/org-members';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { gitbookAnswerErrors } from '../support/gitbook-schema';
import { expectError, HttpResult, TestApp } from '../support/test-app';

const CR = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}';
const OPERATIONS: ReadonlyMap<string, [string, string]> = new Map([
  ['updateOrganizationById', ['PATCH', '/v1/orgs/{organizationId}']],
  ['getOrganizationById', ['GET', '/v1/orgs/{organizationId}']],
  ['updateSpaceById', ['PATCH', '/v1/spaces/{spaceId}']],
  ['getSpaceById', ['GET', '/v1/spaces/{spaceId}']],
  ['createChangeRequest', ['POST', '/v1/spaces/{spaceId}/change-requests']],
  ['getChangeRequestById', ['GET', CR]],
  ['updateChangeRequestContent', ['POST', `${CR}/content`]],
  ['requestReviewersForChangeRequest', ['POST', `${CR}/requested-reviewers`]],
  ['getRequestedReviewersByChangeRequestId', ['GET', `${CR}/requested-reviewers`]],
  ['submitChangeRequestReview', ['POST', `${CR}/reviews`]],
  ['getReviewsByChangeRequestId', ['GET', `${CR}/reviews`]],
  ['getChangeRequestReviewById', ['GET', `${CR}/reviews/{reviewId}`]],
  ['mergeChangeRequest', ['POST', `${CR}/merge`]],
]);
const crPath = (spaceId: string, changeRequestId: string) => `${spacePath(spaceId)}/change-requests/${changeRequestId}`;
const ONE_APPROVAL = { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] };

/**
 * Merge rules (issue #27): organizations and spaces set GitBook's `mergeRules` through their update
 * operations, a space inherits its organization's, and a merge the rules do not allow is a 409
 * naming the unmet rule, judged on the reviews of the change request's current revision.
 */
describe('merge rules', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let org: string;
  /** Members with the review role: they may review and merge. */
  let rex: Person;
  let ria: Person;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'merge-rules');
    org = cast.organizationId;
    rex = await newPerson(app, 'Rex Reviewer', `rex-${randomUUID()}@merge.test`);
    ria = await newPerson(app, 'Ria Reviewer', `ria-${randomUUID()}@merge.test`);
    await joinOrg(app, org, rex, 'review');
    await joinOrg(app, org, ria, 'review');
  });

  /** The answer is what our document says and what GitBook's says the operation answers (ChangeRequest extensions aside). */
  function valid(operationId: string, res: HttpResult): HttpResult {
    const [method, template] = OPERATIONS.get(operationId)!;
    expectValidAnswer(schemas, method, template, res);
    expect(gitbookAnswerErrors(operationId, res.status, res.body)).toEqual([]);
    return res;
  }

  async function ok(operationId: string, pending: Promise<HttpResult>, status = 200): Promise<any> {
    const res = await pending;
    if (res.status !== status) throw new Error(`${operationId}: ${res.status} ${JSON.stringify(res.body)}`);
    return valid(operationId, res).body;
  }

  const patchOrg = (body: object, token?: string) => app.patch(`/v1/orgs/${org}`, body, token);
  const patchSpace = (spaceId: string, body: object, token?: string) => app.patch(spacePath(spaceId), body, token);
  const merge = (spaceId: string, crId: string, token?: string) => app.post(`${crPath(spaceId, crId)}/merge`, undefined, token);
  const getCr = (spaceId: string, crId: string, token?: string) => ok('getChangeRequestById', app.get(crPath(spaceId, crId), token));
  const review = (spaceId: string, crId: string, status: string, token: string) =>
    ok('submitChangeRequestReview', app.post(`${crPath(spaceId, crId)}/reviews`, { status }, token), 201);
  const edit = (spaceId: string, crId: string, title: string) =>
    ok(
      'updateChangeRequestContent',
      app.post(`${crPath(spaceId, crId)}/content`, {
        changes: [{ operation: 'insert_page', title, document: { markdown: `# ${title}` } }],
      }),
    );

  /** A new space (its own rules when given) with a change request by the owner, who edited it once. */
  async function spaceWithCr(mergeRules?: object): Promise<{ space: any; cr: any }> {
    const space = await createSpace(app, org, { title: 'Rules', empty: true });
    if (mergeRules) await ok('updateSpaceById', patchSpace(space.id, { mergeRules }));
    const cr = await ok('createChangeRequest', app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Reviewed change' }), 201);
    await edit(space.id, cr.id, 'First draft');
    return { space, cr };
  }

  describe('the review walk (issue #27, "Done when")', () => {
    it('refuses a merge whose only approval is outdated, and merges once the current revision is approved', async () => {
      const { space, cr } = await spaceWithCr(ONE_APPROVAL);
      expect((await ok('getSpaceById', app.get(spacePath(space.id)))).mergeRules).toEqual(ONE_APPROVAL);

      // Request two reviewers.
      const requested = await ok(
        'requestReviewersForChangeRequest',
        app.post(`${crPath(space.id, cr.id)}/requested-reviewers`, { users: [rex.userId, ria.userId] }),
      );
      expect(requested.users.map((r: any) => r.user.id).sort()).toEqual([rex.userId, ria.userId].sort());
      const before = await getCr(space.id, cr.id);
      expect(before.mergeability).toEqual({
        mergeable: false,
        unmetRules: [{ rule: 'require_at_least_one_approved_review', message: expect.stringMatching(/approval of the current revision/) }],
        bypassed: false,
      });

      // One approves: the change request could be merged now.
      const approval = await review(space.id, cr.id, 'approved', rex.token);
      expect(approval).toMatchObject({ status: 'approved', outdated: false, revision: before.revision });
      expect((await getCr(space.id, cr.id)).mergeability).toEqual({ mergeable: true, unmetRules: [], bypassed: false });

      // The author edits: the approval becomes outdated, and the merge is refused under the rule.
      await edit(space.id, cr.id, 'Second draft');
      const edited = await getCr(space.id, cr.id);
      expect(edited.revision).not.toBe(before.revision);
      expect(edited.mergeability).toMatchObject({ mergeable: false, unmetRules: [{ rule: 'require_at_least_one_approved_review' }] });
      const outdated = await ok('getChangeRequestReviewById', app.get(`${crPath(space.id, cr.id)}/reviews/${approval.id}`));
      expect(outdated).toMatchObject({ id: approval.id, outdated: true });
      const reviewers = await ok('getRequestedReviewersByChangeRequestId', app.get(`${crPath(space.id, cr.id)}/requested-reviewers`));
      expect(reviewers.count).toBe(2);
      expectError(await merge(space.id, cr.id), 409, /merge rules are not met: require_at_least_one_approved_review: /);
      expect((await ok('getSpaceById', app.get(spacePath(space.id)))).revision).toBe(space.revision);

      // The second reviewer approves the current revision: the merge goes through.
      await review(space.id, cr.id, 'approved', ria.token);
      const current = await ok('getReviewsByChangeRequestId', app.get(`${crPath(space.id, cr.id)}/reviews?outdated=false`));
      expect(current.items.map((r: any) => r.reviewer.id)).toEqual([ria.userId]);
      const merged = await ok('mergeChangeRequest', merge(space.id, cr.id));
      expect(merged).toEqual({ revision: expect.any(String), result: 'merge' });
      const after = await getCr(space.id, cr.id);
      expect(after).toMatchObject({ status: 'merged', revisionMerged: merged.revision });
      expect(after.mergeability).toEqual({ mergeable: false, unmetRules: [], bypassed: false });
      expect((await ok('getSpaceById', app.get(spacePath(space.id)))).revision).toBe(merged.revision);
    });

    it("never counts the author's own review, and tells each caller whether they could merge", async () => {
      const { space, cr } = await spaceWithCr({ type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] });
      expectError(await app.post(`${crPath(space.id, cr.id)}/reviews`, { status: 'approved' }), 403, /author cannot approve/);
      await review(space.id, cr.id, 'changes-requested', cast.token('admin')!);
      expectError(await merge(space.id, cr.id), 409, /require_at_least_one_review: at least one review/);
      await review(space.id, cr.id, 'changes-requested', rex.token);
      // Rules met; a reader still could not merge (the merge permission is unchanged).
      expect((await getCr(space.id, cr.id, cast.reader.token)).mergeability).toEqual({ mergeable: false, unmetRules: [], bypassed: false });
      expectError(await merge(space.id, cr.id, cast.reader.token), 403);
      await ok('mergeChangeRequest', merge(space.id, cr.id, ria.token));
    });
  });

  describe('organization rules, and spaces that inherit them', () => {
    afterEach(async () => {
      await ok('updateOrganizationById', patchOrg({ mergeRules: { type: 'none' } }));
    });

    it('applies the organization rules to inheriting spaces, lets allow_bypass users through, not to spaces with their own', async () => {
      const rules = { type: 'rules', rules: [ONE_APPROVAL.rules[0], { rule: 'allow_bypass', users: [rex.userId] }] };
      const updated = await ok('updateOrganizationById', patchOrg({ mergeRules: rules }));
      expect(updated.mergeRules).toEqual(rules);
      expect((await ok('getOrganizationById', app.get(`/v1/orgs/${org}`))).mergeRules).toEqual(rules);

      const inherits = await spaceWithCr();
      expect((await ok('getSpaceById', app.get(spacePath(inherits.space.id)))).mergeRules).toEqual({ type: 'inherit' });
      expectError(await merge(inherits.space.id, inherits.cr.id, ria.token), 409, /require_at_least_one_approved_review/);
      expect((await getCr(inherits.space.id, inherits.cr.id, rex.token)).mergeability).toMatchObject({ mergeable: true, bypassed: true });
      await ok('mergeChangeRequest', merge(inherits.space.id, inherits.cr.id, rex.token));

      const own = await spaceWithCr({ type: 'none' });
      await ok('mergeChangeRequest', merge(own.space.id, own.cr.id, ria.token));

      // Back to inherit: the organization's rules apply again.
      const back = await spaceWithCr({ type: 'none' });
      expect((await ok('updateSpaceById', patchSpace(back.space.id, { mergeRules: { type: 'inherit' } }))).mergeRules).toEqual({
        type: 'inherit',
      });
      expectError(await merge(back.space.id, back.cr.id, ria.token), 409, /require_at_least_one_approved_review/);
    });

    it('takes organization admins and space admins only', async () => {
      expectError(await patchOrg({ mergeRules: ONE_APPROVAL }, rex.token), 403, /admins/);
      const space = await createSpace(app, org, { title: 'Guarded rules' });
      expectError(await patchSpace(space.id, { mergeRules: ONE_APPROVAL }, cast.editor.token), 403, /admin role in the space/);
      expectError(await patchSpace(space.id, { mergeRules: ONE_APPROVAL }, cast.outsider.token), 404);
    });
  });

  describe('validation of the rules (400 naming the field)', () => {
    const invalid: [string, unknown, RegExp][] = [
      ['null', null, /mergeRules must be an object whose type is/],
      ['an unknown type', { type: 'all' }, /mergeRules must be an object whose type is/],
      ['rules that are no array', { type: 'rules', rules: {} }, /mergeRules\.rules must be an array of merge rules/],
      ['an unknown rule', { type: 'rules', rules: [{ rule: 'require_luck' }] }, /mergeRules\.rules\[0\]\.rule must be one of /],
      [
        'a rule without its users',
        { type: 'rules', rules: [{ rule: 'require_specific_reviewers' }] },
        /rules\[0\]\.users must be an array/,
      ],
      ['an extra key', { type: 'none', rules: [] }, /mergeRules: property rules should not exist/],
      ['an agent review', { type: 'rules', rules: [{ rule: 'require_agent_review' }] }, /require_agent_review is not supported/],
      ['a custom expression', { type: 'rules', rules: [{ rule: 'custom', expression: 'true' }] }, /custom is not supported/],
      [
        'more than 20 rules',
        { type: 'rules', rules: Array.from({ length: 21 }, () => ({ rule: 'require_change_request_subject' })) },
        /at most 20 rules/,
      ],
    ];

    it.each(invalid)('refuses %s for organizations and spaces', async (_name, mergeRules, message) => {
      expectError(await patchOrg({ mergeRules }), 400, message);
      const space = await createSpace(app, org, { title: 'Strict rules' });
      expectError(await patchSpace(space.id, { mergeRules }), 400, message);
    });

    it('refuses inherit for an organization, and users who are not members', async () => {
      expectError(await patchOrg({ mergeRules: { type: 'inherit' } }), 400, /whose type is none or rules/);
      const stranger = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [cast.outsider.userId] }] };
      expectError(
        await patchOrg({ mergeRules: stranger }),
        400,
        new RegExp(`mergeRules: users not members of the organization: ${cast.outsider.userId}`),
      );
      const space = await createSpace(app, org, { title: 'Members only' });
      expectError(await patchSpace(space.id, { mergeRules: stranger }), 400, /mergeRules: users not members/);
    });
  });

  describe('generated configurations', () => {
    const members = () => [cast.userId('admin'), rex.userId, ria.userId, cast.editor.userId];
    const validRule = () =>
      fc.oneof(
        fc.record({
          rule: fc.constantFrom(...USER_MERGE_RULES),
          users: fc.uniqueArray(fc.constantFrom(...members()), { maxLength: 4 }),
        }),
        fc.record({ rule: fc.constantFrom(...PLAIN_MERGE_RULES) }),
      );
    const validConfig = () =>
      fc.oneof(fc.constant({ type: 'none' }), fc.record({ type: fc.constant('rules'), rules: fc.array(validRule(), { maxLength: 6 }) }));
    /** Valid configurations spoiled in one place: each one is invalid. */
    const invalidConfig = () =>
      fc.oneof(
        fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
        validConfig().map((c) => ({ ...c, [`x${'y'}`]: 1 })),
        fc.record({ type: fc.constant('rules'), rules: fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 3 }) }),
        fc.record({
          type: fc.constant('rules'),
          rules: fc.tuple(
            fc.record({ rule: fc.string({ maxLength: 30 }).filter((s) => !s.startsWith('require') && s !== 'allow_bypass') }),
          ),
        }),
        fc.record({
          type: fc.constant('rules'),
          rules: fc.tuple(fc.record({ rule: fc.constant('allow_bypass'), users: fc.array(fc.integer(), { minLength: 1, maxLength: 2 }) })),
        }),
      );

    it('round-trips every valid organization and space configuration through update and get', async () => {
      const space = await createSpace(app, org, { title: 'Generated rules' });
      await fc.assert(
        fc.asyncProperty(validConfig(), fc.boolean(), async (mergeRules, onSpace) => {
          if (onSpace) {
            await ok('updateSpaceById', patchSpace(space.id, { mergeRules }));
            expect((await ok('getSpaceById', app.get(spacePath(space.id)))).mergeRules).toEqual(mergeRules);
          } else {
            await ok('updateOrganizationById', patchOrg({ mergeRules }));
            expect((await ok('getOrganizationById', app.get(`/v1/orgs/${org}`))).mergeRules).toEqual(mergeRules);
          }
        }),
        { numRuns: 30, seed: 27 },
      );
      await ok('updateOrganizationById', patchOrg({ mergeRules: { type: 'none' } }));
    });

    it('answers 400 naming mergeRules to every invalid one, never a 5xx', async () => {
      const space = await createSpace(app, org, { title: 'Generated invalid rules' });
      await fc.assert(
        fc.asyncProperty(invalidConfig(), fc.boolean(), async (mergeRules, onSpace) => {
          const res = onSpace ? await patchSpace(space.id, { mergeRules }) : await patchOrg({ mergeRules });
          expectError(res, 400, /mergeRules/);
        }),
        { numRuns: 40, seed: 2027 },
      );
      expect((await ok('getOrganizationById', app.get(`/v1/orgs/${org}`))).mergeRules).toEqual({ type: 'none' });
    });
  });
});
