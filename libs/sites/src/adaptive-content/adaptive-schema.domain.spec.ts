import { deciderSpec } from '@docs/kernel/testing';
import { Role } from '@docs/kernel';
import { CheckedField, siteAggregate, SiteEvent, SiteFacts, templateConditionsOf } from '../sites/site.decider';

const site = deciderSpec(siteAggregate);
const ids = { siteId: 'st1', organizationId: 'o1' };
const as = (role: Role | null, rejected: [CheckedField, string][] = []): SiteFacts => ({
  actor: 'u1',
  organizationId: 'o1',
  role,
  spaces: new Map(),
  dropped: [],
  rejected: new Map(rejected),
});
const created: SiteEvent = { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } };
const jsonSchema = { type: 'object', additionalProperties: false, properties: { beta: { type: 'boolean', description: 'Beta user' } } };
const updated: SiteEvent = { type: 'SiteAdaptiveSchemaUpdated', data: { ...ids, jsonSchema } };

describe('the adaptive schema (decider)', () => {
  it('managers set it; the state keeps it, with when', () => {
    site.given([created]).when({ type: 'UpdateSiteAdaptiveSchema', jsonSchema }, as('create')).then([updated]);
    site.given([created]).when({ type: 'UpdateSiteAdaptiveSchema', jsonSchema }, as('admin')).then([updated]);
    expect(site.given([created, updated]).state().adaptiveSchema).toEqual({ jsonSchema, updatedAt: expect.any(String) });
    expect(site.given([created]).state().adaptiveSchema).toBeNull();
  });

  it('the same schema again (keys in another order) records nothing; another one replaces it', () => {
    const reordered = { properties: { beta: { description: 'Beta user', type: 'boolean' } }, additionalProperties: false, type: 'object' };
    site.given([created, updated]).when({ type: 'UpdateSiteAdaptiveSchema', jsonSchema: reordered }, as('admin')).thenNothing();
    const other = { ...jsonSchema, properties: {} };
    site
      .given([created, updated])
      .when({ type: 'UpdateSiteAdaptiveSchema', jsonSchema: other }, as('admin'))
      .then([{ type: 'SiteAdaptiveSchemaUpdated', data: { ...ids, jsonSchema: other } }]);
  });

  it("refuses non-managers (before the schema's problems), a schema the checker refused, and a site that is not there", () => {
    for (const role of ['edit', 'review', 'read', null] as const) {
      site
        .given([created])
        .when({ type: 'UpdateSiteAdaptiveSchema', jsonSchema }, as(role, [['jsonSchema', 'bad']]))
        .thenFails('forbidden', /changing the adaptive schema of a site needs the admin or create role/);
    }
    site
      .given([created])
      .when(
        { type: 'UpdateSiteAdaptiveSchema', jsonSchema },
        as('admin', [['jsonSchema', 'not an adaptive schema: jsonSchema/type must be equal to constant']]),
      )
      .thenFails('invalid', /^jsonSchema: not an adaptive schema: jsonSchema\/type/);
    site.given([]).when({ type: 'UpdateSiteAdaptiveSchema', jsonSchema }, as('admin')).thenFails('not_found');
    site
      .given([created, { type: 'SiteDeleted', data: ids }])
      .when({ type: 'UpdateSiteAdaptiveSchema', jsonSchema }, as('admin'))
      .thenFails('not_found');
  });
});

describe('conditions (decider)', () => {
  const given: SiteEvent[] = [
    created,
    { type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: 'a', spaceId: 'sp1', sectionId: null, path: 'x' } },
    { type: 'SiteSectionAdded', data: { ...ids, sectionId: 's1', title: 'Guide', path: 'guide', icon: null, groupId: null } },
  ];
  const bad = as('admin', [['condition', 'function calls are not allowed']]);

  it('refuses a condition the grammar refused, naming the field and the reason, on site spaces and sections', () => {
    site
      .given(given)
      .when({ type: 'UpdateSiteSpace', siteSpaceId: 'a', condition: 'f()' }, bad)
      .thenFails('invalid', /^condition: function calls are not allowed$/);
    site
      .given(given)
      .when({ type: 'UpdateSiteSection', sectionId: 's1', condition: 'f()' }, bad)
      .thenFails('invalid', /^condition: function calls are not allowed$/);
  });

  it('keeps the text as given, and null removes it (whatever the checker says of nothing)', () => {
    const text = '  visitor.claims.beta   ===true ';
    site
      .given(given)
      .when({ type: 'UpdateSiteSection', sectionId: 's1', condition: text }, as('admin'))
      .then([{ type: 'SiteSectionUpdated', data: { ...ids, sectionId: 's1', changes: { condition: text } } }]);
    const withCondition: SiteEvent[] = [
      ...given,
      { type: 'SiteSpaceUpdated', data: { ...ids, siteSpaceId: 'a', changes: { condition: text } } },
    ];
    site
      .given(withCondition)
      .when({ type: 'UpdateSiteSpace', siteSpaceId: 'a', condition: null }, as('admin'))
      .then([{ type: 'SiteSpaceUpdated', data: { ...ids, siteSpaceId: 'a', changes: { condition: null } } }]);
  });

  it('answers 403 and 404 before looking at the condition', () => {
    site
      .given(given)
      .when({ type: 'UpdateSiteSpace', siteSpaceId: 'a', condition: 'f()' }, as('edit', [['condition', 'x']]))
      .thenFails('forbidden');
    site.given(given).when({ type: 'UpdateSiteSpace', siteSpaceId: 'zz', condition: 'f()' }, bad).thenFails('not_found');
  });
});

describe('template conditions', () => {
  it('derives conditions from the claims, in order, unsigned ones under visitor.claims.unsigned', () => {
    expect(
      templateConditionsOf({
        type: 'object',
        additionalProperties: false,
        properties: {
          unsigned: {
            type: 'object',
            description: 'Unsigned claims of the site visitor.',
            additionalProperties: false,
            properties: { isBetaUser: { type: 'boolean', description: 'Beta tester' } },
          },
          plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
          name: { type: 'string', description: 'Name' },
          seats: { type: 'number', description: 'Seats' },
          roles: { type: 'array', description: 'Roles', items: { type: 'string', description: 'Role' } },
          'team-id': {
            type: 'object',
            description: 'Team',
            additionalProperties: false,
            properties: { paid: { type: 'boolean', description: '' } },
          },
        },
      }),
    ).toEqual([
      { description: 'Beta tester', condition: 'visitor.claims.unsigned.isBetaUser' },
      { description: 'Not: Beta tester', condition: '!visitor.claims.unsigned.isBetaUser' },
      { description: 'Plan: free', condition: 'visitor.claims.plan === "free"' },
      { description: 'Plan: pro', condition: 'visitor.claims.plan === "pro"' },
      { description: 'Name is set', condition: 'visitor.claims.name !== undefined && visitor.claims.name !== ""' },
      { description: 'Seats is above 0', condition: 'visitor.claims.seats > 0' },
      { description: 'Roles is not empty', condition: 'visitor.claims.roles.length > 0' },
      { description: 'visitor.claims["team-id"].paid', condition: 'visitor.claims["team-id"].paid' },
      { description: 'Not: visitor.claims["team-id"].paid', condition: '!visitor.claims["team-id"].paid' },
    ]);
    expect(templateConditionsOf(null)).toEqual([]);
  });
});
