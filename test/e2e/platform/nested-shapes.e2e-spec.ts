import fc from 'fast-check';
import { answerProblems } from '../support/answer-problems';
import { BodyField, bodyFields, bodyWith } from '../support/body-fields';
import { seedFor } from '../support/fuzz-inputs';
import { fillPath, Operation, ServedApi, servedApi } from '../support/openapi-operations';
import { orgWorld, OrgWorld } from '../support/org-world';
import { rawHttp } from '../support/raw-http';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';

/**
 * Issue #23 (4): a body with an array where a nested object is declared (or an object where a list
 * is) answered 500. Every write route with a body gets wrongly shaped values in place of each of
 * its fields, nested ones included: never a 5xx, and where the shape is what is wrong (a nested
 * object that is not an object, a list that is not an array, an item of a list of objects that is
 * not an object) a 400 naming the field.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_123);
/** Random values per operation, on top of the fixed ones. */
const SAMPLES_PER_OPERATION = 5;

const WRONG: Record<BodyField['shape'], unknown[]> = {
  object: [[], [{}], [[]], 0, 'x', true, null],
  list: [{}, { 0: {} }, 'x', null, [[]], [null], [0], [{}]],
  /** Only inside nested objects (the top-level fields are fuzz.e2e-spec.ts's); the samples add the rest. */
  value: [[], {}],
};

/** The field a 400 must name when `value` at `field` has the wrong shape; null when the shape may be right. */
function misshapen(field: BodyField, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const isObject = typeof value === 'object' && !Array.isArray(value);
  if (field.shape === 'object') return isObject ? null : field.label;
  if (field.shape !== 'list') return null;
  if (!Array.isArray(value)) return field.label;
  const bad = field.ofObjects ? value.findIndex((item) => item === null || typeof item !== 'object' || Array.isArray(item)) : -1;
  return bad >= 0 ? `${field.label}[${bad}]` : null;
}

/** Writes before deletes, so the world lasts through the rest. */
const METHOD_ORDER = ['PATCH', 'PUT', 'POST', 'DELETE'];

describe(`wrongly shaped nested values in request bodies (seed ${SEED})`, () => {
  let app: TestApp;
  let api: ServedApi;
  let world: OrgWorld;

  beforeAll(async () => {
    app = await TestApp.shared();
    api = await servedApi(app.url);
    world = await orgWorld(app, 'shapes');
  });
  afterAll(() => app.stop());

  it('the two bodies of the report: 400 naming the field, not 500', async () => {
    const org = `/v1/orgs/${world.organizationId}`;
    const sort = await app.patch(`${org}/sites/${world.ids.siteId}/structure/sort`, { item: [], position: {} });
    expectError(sort, 400, /^item must be an object/);
    const content = await app.post(`/v1/spaces/${world.ids.spaceId}/change-requests/${world.ids.changeRequestId}/content`, {
      changes: [[]],
    });
    expectError(content, 400, /^changes\[0\] must be an object/);
    // And the other way round: an object where a list is declared, an array where a deeper object is.
    expectError(
      await app.post(`/v1/spaces/${world.ids.spaceId}/change-requests/${world.ids.changeRequestId}/content`, { changes: { 0: {} } }),
      400,
      /changes must be an array/,
    );
    const deeper = { item: { type: 'site-space', id: world.ids.siteSpaceId }, position: { before: [{ type: 'site-space', id: 'x' }] } };
    expectError(await app.patch(`${org}/sites/${world.ids.siteId}/structure/sort`, deeper), 400, /^position\.before must be an object/);
  });

  it('every write route, every field: wrong shapes never answer 5xx, and a wrong shape is a 400 naming it', async () => {
    const operations = api.operations
      .filter((op): op is Operation & { body: NonNullable<Operation['body']> } => op.method !== 'GET' && op.body !== undefined)
      .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
    expect(operations.length).toBeGreaterThan(40);
    const findings: string[] = [];
    let nested = 0;
    for (const op of operations) {
      const fields = bodyFields(api, op.body);
      if (fields.length === 0) continue;
      nested += fields.filter((f) => f.shape !== 'value').length;
      const fixed = fields
        .filter((field) => field.shape !== 'value' || field.path.length > 1)
        .flatMap((field) => WRONG[field.shape].map((value) => [field, value] as const));
      const sampled = fc.sample(fc.tuple(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 })), {
        seed: seedFor(SEED, op.id),
        numRuns: SAMPLES_PER_OPERATION,
      });
      for (const [field, value] of [...fixed, ...sampled]) {
        const body = JSON.stringify(bodyWith(api, op.body, field.path, value));
        const path = fillPath(op, world.ids);
        const answer = await rawHttp(app.url, {
          method: op.method,
          path,
          headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/json' },
          body,
        });
        const problems = answerProblems(answer);
        const named = misshapen(field, value);
        if (named !== null && (answer.status !== 400 || !String(answer.body?.error?.message).includes(named))) {
          problems.push(`expected 400 naming ${named}, got ${answer.status} ${answer.text.slice(0, 160)}`);
        }
        for (const problem of problems) findings.push(`${op.method} ${op.path} ${field.label}=${JSON.stringify(value)}: ${problem}`);
      }
    }
    // The walk reached the nested request classes (sort's item and position, content's changes, ...).
    expect(nested).toBeGreaterThan(30);
    expect({ seed: SEED, findings }).toEqual({ seed: SEED, findings: [] });
    // About 1,000 requests, many of them writes that wait for their projections: bounded by that work, not by jest's default.
  }, 300_000);
});
