import { getSchemaPath } from '@nestjs/swagger';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ErrorBodyResponse } from '@docs/platform';
import { TestApp } from '../support/test-app';

interface LintProblem {
  severity: string;
  ruleId: string;
  message: string;
  pointer?: string;
}

/**
 * Redocly's `recommended` ruleset. @redocly/openapi-core ships ES modules only and jest runs
 * CommonJS here, so the linter runs in a child Node process that reads the document on stdin.
 */
function lintWithRedocly(document: unknown): LintProblem[] {
  const script = `
    import { createConfig, lintFromString } from '@redocly/openapi-core';
    let source = '';
    for await (const chunk of process.stdin) source += chunk;
    // The server is not published under a license with a URL (package.json: UNLICENSED), so the
    // document names it without one; every other recommended rule applies.
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license-strict': 'off' } });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    process.stdout.write(JSON.stringify(problems.map((p) => ({
      severity: p.severity, ruleId: p.ruleId, message: p.message, pointer: p.location?.[0]?.pointer,
    }))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(__dirname, '../../..'),
    input: JSON.stringify(document),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`redocly lint did not run (exit ${run.status}): ${run.stderr || run.error}`);
  return JSON.parse(run.stdout) as LintProblem[];
}

const EMPTY_STATUSES = new Set(['204', '205']);

/** The served OpenAPI document describes what the server answers, and passes a linter. */
describe('the served OpenAPI document', () => {
  let app: TestApp;
  let document: any;

  beforeAll(async () => {
    app = await TestApp.shared();
    const res = await app.get('/v1/openapi.json', null);
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => app.stop());

  const operations = () =>
    Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${op.operationId} (${method.toUpperCase()} ${path})`, op })),
    );

  it("has no errors and no warnings under Redocly's recommended rules", () => {
    const problems = lintWithRedocly(document).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.pointer ?? '?'}`);
    expect(problems).toEqual([]);
  });

  it('documents, for every operation, its success answer and ErrorBody error answers (@Answers)', () => {
    const errorBody = getSchemaPath(ErrorBodyResponse);
    const missing: string[] = [];
    for (const { name, op } of operations()) {
      const responses = Object.entries((op.responses ?? {}) as Record<string, any>);
      const successes = responses.filter(([status]) => /^2\d\d$/.test(status));
      if (successes.length === 0) missing.push(`${name}: no 2xx answer`);
      for (const [status, response] of successes) {
        // JSON, or bytes (a file's download) under any content type.
        const schema = response.content?.['application/json']?.schema ?? response.content?.['*/*']?.schema;
        if (EMPTY_STATUSES.has(status) ? response.content !== undefined : !schema) {
          missing.push(`${name}: the ${status} answer ${EMPTY_STATUSES.has(status) ? 'declares a body' : 'has no body schema'}`);
        }
      }
      const errors = responses.filter(
        ([status, response]) => /^4\d\d$/.test(status) && response.content?.['application/json']?.schema?.$ref === errorBody,
      );
      if (errors.length === 0) missing.push(`${name}: no 4xx answer with the ErrorBody schema`);
    }
    // Each route needs @Answers: see libs/organizations/src/http/responses/route-answers.md.
    expect(missing).toEqual([]);
    expect(document.components.schemas[errorBody.split('/').pop()!]).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: {
        error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
      },
    });
  });

  it('describes the bearer token as an opaque API token, not a JWT', () => {
    const bearers = Object.values(document.components.securitySchemes as Record<string, any>).filter(
      (scheme) => scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer',
    );
    expect(bearers.length).toBeGreaterThan(0);
    for (const scheme of bearers) {
      expect(scheme.bearerFormat ?? '').not.toMatch(/jwt/i);
      expect(scheme.description).toMatch(/opaque/i);
    }
  });
});
