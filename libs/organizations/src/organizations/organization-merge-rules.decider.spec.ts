import { MergeRulesConfiguration } from '@docs/kernel';
import { deciderSpec } from '@docs/kernel/testing';
import { OrganizationCommand, OrganizationEvent, OrganizationFacts, organizationAggregate } from './organization.decider';

const organization = deciderSpec(organizationAggregate);
const organizationId = 'org1';
const facts: OrganizationFacts = { hostnameTaken: false, defaultContentMissing: false };
const created: OrganizationEvent[] = [
  {
    type: 'OrganizationCreated',
    data: { organizationId, title: 'Acme', emailDomains: [], type: 'business', plan: 'free_2024', inviteLinks: true, createdBy: 'admin' },
  },
  { type: 'MemberJoined', data: { organizationId, userId: 'admin', role: 'admin', via: 'creation' } },
  { type: 'MemberJoined', data: { organizationId, userId: 'rob', role: 'read', via: 'invite' } },
];
const update = (mergeRules: MergeRulesConfiguration, actorId = 'admin', title?: string): OrganizationCommand => ({
  type: 'UpdateOrganization',
  organizationId,
  actorId,
  changes: title ? { title } : {},
  mergeRules,
});
const rules: MergeRulesConfiguration = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['rob'] }] };
const changed = (mergeRules: MergeRulesConfiguration): OrganizationEvent => ({
  type: 'OrganizationMergeRulesChanged',
  data: { organizationId, mergeRules },
});

describe('organization decider: merge rules', () => {
  it('records new merge rules as their own event, beside the settings that change', () => {
    organization
      .given(created)
      .when(update(rules), facts)
      .then([changed(rules)]);
    organization
      .given(created)
      .when(update(rules, 'admin', 'Acme 2'), facts)
      .then([{ type: 'OrganizationSettingsChanged', data: { organizationId, changes: { title: 'Acme 2' } } }, changed(rules)]);
  });

  it('records nothing when they are the same (none at first)', () => {
    organization
      .given(created)
      .when(update({ type: 'none' }), facts)
      .thenNothing();
    organization
      .given([...created, changed(rules)])
      .when(update({ type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['rob'] }] }), facts)
      .thenNothing();
    organization
      .given([...created, changed(rules)])
      .when(update({ type: 'none' }), facts)
      .then([changed({ type: 'none' })]);
  });

  it('takes admins only, and members only in the rules', () => {
    organization
      .given(created)
      .when(update(rules, 'rob'), facts)
      .thenFails('forbidden', /admins/);
    organization
      .given(created)
      .when(update({ type: 'rules', rules: [{ rule: 'allow_bypass', users: ['rob', 'stranger'] }] }), facts)
      .thenFails('invalid', /mergeRules: users not members of the organization: stranger/);
  });
});
