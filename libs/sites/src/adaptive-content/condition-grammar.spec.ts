import fc from 'fast-check';
import { DomainError } from '@docs/kernel';
import { deciderSpec } from '@docs/kernel/testing';
import { decideSite, MAX_CONDITION, SiteEvent, SiteFacts, siteAggregate, templateConditionsOf } from '../sites/site.decider';
import { conditionProblem } from './condition-grammar';

const ok = (text: string) => expect({ text, problem: conditionProblem(text) }).toEqual({ text, problem: null });
const refused = (text: string, reason: RegExp) => expect(conditionProblem(text)).toMatch(reason);

describe('the condition grammar', () => {
  it('accepts identifiers, members, literals, comparisons, && || ! and parentheses', () => {
    for (const text of [
      'visitor.claims.beta',
      'visitor.claims.beta === true',
      '!visitor.claims.unsigned.isBetaUser',
      'visitor.claims.plan == "premium" || (visitor.claims.seats >= 10 && !visitor.claims.trial)',
      'visitor.claims["odd name"] !== null',
      "visitor.claims.roles[0] === 'admin'",
      'visitor.claims.count < -1',
      'visitor.claims.x != undefined',
      'true',
      '"text"',
      'visitor.claims.été',
      'visitor.claims.list.length > 0',
    ])
      ok(text);
  });

  it("refuses what jsep cannot parse, with jsep's reason", () => {
    refused('a = 1', /^cannot parse: Unexpected "=" at character 2/);
    refused('visitor.claims.', /^cannot parse: /);
    refused('(a && b', /^cannot parse: Unclosed \(/);
    refused('a &&', /^cannot parse: Expected expression after &&/);
    refused('`x`', /^cannot parse: /);
    refused('   ', /empty/);
  });

  it('refuses constructs outside the grammar', () => {
    refused('visitor.claims.isBeta()', /function calls are not allowed/);
    refused('alert(1)', /function calls are not allowed/);
    refused('this.x', /"this" is not allowed/);
    refused('a.constructor', /the member "constructor" is not allowed/);
    refused('a.__proto__', /the member "__proto__" is not allowed/);
    refused('a["__proto__"]', /the member "__proto__" is not allowed/);
    refused('a["constructor"]', /the member "constructor" is not allowed/);
    refused('constructor', /the name "constructor" is not allowed/);
    refused('a.toString', /the member "toString" is not allowed/);
    refused('a.prototype.b', /the member "prototype" is not allowed/);
    refused('a[b]', /computed member must be a string or number literal/);
    refused('a + 1 > 2', /the operator \+ is not allowed/);
    refused('a | b', /the operator \| is not allowed/);
    refused('a ?? b', /the operator \?\? is not allowed/);
    refused('-a', /the operator - is not allowed/);
    refused('~a', /the operator ~ is not allowed/);
    refused('a ? b : c', /conditional operator/);
    refused('[1, 2]', /arrays are not allowed/);
    refused('a, b', /one expression only/);
    refused('a; b', /one expression only/);
    refused('new Date', /one expression only/);
    refused('typeof a', /one expression only/);
    refused('a in b', /one expression only/);
    refused('a\u00a0b', /not a plain name/);
  });

  const soup = fc
    .array(
      fc.constantFrom(
        'a',
        'visitor',
        '.',
        'claims',
        '(',
        ')',
        '[',
        ']',
        '!',
        '&&',
        '||',
        '===',
        '!==',
        '<',
        '=',
        '"x"',
        "'",
        '1',
        '-',
        ' ',
        ',',
        ';',
        '?',
        ':',
        'this',
        '__proto__',
        'constructor',
        'f()',
        '\\',
        '`',
        '\u2028',
        '\u0000',
      ),
      { maxLength: 200 },
    )
    .map((parts) => parts.join('').slice(0, MAX_CONDITION));
  const anyText = fc.oneof(fc.string({ maxLength: MAX_CONDITION, unit: 'binary' }), fc.string({ maxLength: MAX_CONDITION }), soup);

  it('never throws on any text up to 1024 characters: it answers a reason or null', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const problem = conditionProblem(text);
        return problem === null || (typeof problem === 'string' && problem.length > 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('through the decider, any condition up to 1024 characters is recorded or refused as invalid (400), nothing else', () => {
    const ids = { siteId: 'st1', organizationId: 'o1' };
    const history: SiteEvent[] = [
      { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } },
      { type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: 'a', spaceId: 'sp1', sectionId: null, path: 'x' } },
    ];
    const state = deciderSpec(siteAggregate).given(history).state();
    fc.assert(
      fc.property(anyText, (condition) => {
        const problem = conditionProblem(condition);
        const facts: SiteFacts = {
          actor: 'u1',
          organizationId: 'o1',
          role: 'admin',
          spaces: new Map(),
          dropped: [],
          rejected: new Map(problem === null ? [] : [['condition', problem]]),
        };
        try {
          const events = decideSite(state, { type: 'UpdateSiteSpace', siteSpaceId: 'a', condition }, facts);
          return problem === null && condition.trim() !== '' && events.length === 1;
        } catch (error) {
          return error instanceof DomainError && error.kind === 'invalid' && /^condition/.test(error.message);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts every template condition derived from a schema', () => {
    const claims = {
      beta: { type: 'boolean', description: 'Beta user' },
      plan: { type: 'string', enum: ['free', 'pro "plus"'], description: 'Plan' },
      name: { type: 'string', description: 'Name' },
      seats: { type: 'number', description: 'Seats' },
      roles: { type: 'array', items: { type: 'string', description: 'Role' }, description: 'Roles' },
      'odd-name': { type: 'boolean', description: '' },
      org: {
        type: 'object',
        description: 'Org',
        additionalProperties: false,
        properties: { tier: { type: 'string', enum: ['a'], description: 'Tier' } },
      },
    };
    const templates = templateConditionsOf({
      type: 'object',
      additionalProperties: false,
      properties: {
        ...claims,
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          additionalProperties: false,
          properties: { flag: { type: 'boolean', description: 'Flag' } },
        },
      },
    });
    expect(templates.length).toBeGreaterThan(8);
    for (const { condition } of templates) ok(condition);
  });
});
