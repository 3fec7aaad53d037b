import fc from 'fast-check';
import {
  byMethod,
  describeExchange,
  DocumentOperation,
  DocumentWorld,
  documentWorld,
  GeneratedRequest,
  send,
  ServedDocument,
} from '../support/document-requests';
import { seedFor } from '../support/fuzz-inputs';
import { invalidBodies, invalidQueryValues } from '../support/invalid-values';
import { validRequest } from '../support/schema-values';
import { OWNER_TOKEN } from '../support/test-app';

// A guard against hangs, not a speed check: the test sends a fixed number of requests.
jest.setTimeout(300_000);

/**
 * Issue #25: what the served document refuses, the server refuses. For every operation, a valid
 * request generated from the document's schemas is broken one way at a time (a wrong type, null
 * where the document does not allow it, a value past a maxLength or maximum, outside an enum or a
 * pattern, an unknown property, a missing required field, a bad query value or an unknown query
 * parameter) and sent to real fixtures as the organization's admin: a 2xx accepts what the
 * document refuses and fails the test. Seeded (DOCUMENT_SEED=<n> tries another; the seed is in
 * every failure), at most BREAKAGES requests per operation.
 */
const SEED = Number(process.env.DOCUMENT_SEED ?? 20_261_126);
// DOCUMENT_BREAKAGES=<n> tries more of them (a large n: every one).
const BREAKAGES = Number(process.env.DOCUMENT_BREAKAGES ?? 10);

interface Broken {
  what: string;
  request: GeneratedRequest;
}

/** Every way of breaking `valid` the document states: in its query, then in its body. */
function breakages(document: ServedDocument, op: DocumentOperation, valid: GeneratedRequest): Broken[] {
  const broken: Broken[] = [
    { what: 'unknownParameter: not declared', request: { ...valid, query: [...valid.query, ['unknownParameter', '1']] } },
  ];
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    const others = valid.query.filter(([name]) => name !== p.name);
    for (const { what, value } of invalidQueryValues(document.resolve, p.schema)) {
      broken.push({ what: `?${p.name}: ${what}`, request: { ...valid, query: [...others, [p.name, String(value)]] } });
    }
  }
  if (op.body)
    for (const { what, value } of invalidBodies(document.resolve, op.body, valid.body))
      broken.push({ what, request: { ...valid, body: value } });
  return broken;
}

describe(`invalid requests generated from the served document (seed ${SEED})`, () => {
  let api: DocumentWorld;
  beforeAll(async () => (api = await documentWorld('docinvalid')));

  it('every operation refuses what its schemas refuse', async () => {
    const findings: string[] = [];
    const { app, document, world } = api;
    for (const op of [...document.operations].sort(byMethod)) {
      const valid = fc.sample(validRequest(document, op, world.ids), { seed: seedFor(SEED, 'invalid', op.id), numRuns: 1 })[0]!;
      const all = breakages(document, op, valid);
      const chosen =
        all.length <= BREAKAGES
          ? all
          : fc.sample(fc.shuffledSubarray(all, { minLength: BREAKAGES, maxLength: BREAKAGES }), {
              seed: seedFor(SEED, 'chosen', op.id),
              numRuns: 1,
            })[0]!;
      for (const { what, request } of chosen) {
        const answer = await send(app.url, op, world.ids, OWNER_TOKEN, request);
        if (answer.status < 300 || answer.status >= 500) findings.push(describeExchange(op, request, answer, what));
      }
    }
    expect({ seed: SEED, findings }).toEqual({ seed: SEED, findings: [] });
  });

  it('refuses null where the document does not allow it, naming the field, rather than reading it as absent', async () => {
    const { app, world } = api;
    const site = `/v1/orgs/${world.organizationId}/sites/${world.ids.siteId}`;
    const cases: [string, string, object, string][] = [
      ['POST', '/v1/orgs', { title: 'Null domains', emailDomains: null }, 'emailDomains'],
      ['POST', `${site}/site-spaces/${world.ids.siteSpaceId}/move`, { position: null }, 'position'],
      ['POST', `${site}/sections/${world.ids.siteSectionId}/move`, { position: null }, 'position'],
      ['POST', `${site}/section-groups/${world.ids.siteSectionGroupId}/move`, { position: null }, 'position'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await app.request(method, path, { body });
      expect({ path, status: res.status, names: String(res.body?.error?.message).startsWith(field) }).toEqual({
        path,
        status: 400,
        names: true,
      });
    }
  });
});
