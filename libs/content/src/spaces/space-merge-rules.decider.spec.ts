import { MergeRulesConfiguration, SpaceMergeRulesConfiguration } from '@docs/kernel';
import { deciderSpec } from '@docs/kernel/testing';
import { SpaceCommand, SpaceFacts, spaceAggregate } from './space.decider';
import { SpaceEvent } from './space.events';
import { spaceCreated } from '../testing/space-fixtures.domain';

const ids = { spaceId: 's1', organizationId: 'o1' };
const created = spaceCreated({ title: 'Docs', revisionId: 'r1' });
const space = deciderSpec(spaceAggregate);
const facts = (orgRole: 'admin' | 'edit', orgMembers: string[] = []): SpaceFacts => ({
  caller: { actorId: 'u1', orgRole, teamIds: new Set() },
  inheritedLevel: null,
  orgMembers: new Set(orgMembers),
});
const update = (mergeRules: SpaceMergeRulesConfiguration): SpaceCommand => ({ type: 'UpdateSpace', changes: {}, mergeRules });
const changed = (mergeRules: SpaceMergeRulesConfiguration): SpaceEvent => ({
  type: 'SpaceMergeRulesChanged',
  data: { ...ids, mergeRules },
});
const rules: MergeRulesConfiguration = { type: 'rules', rules: [{ rule: 'require_one_of_specific_reviewers', users: ['rob'] }] };

describe('space decider: merge rules', () => {
  it('records its own rules, and inherit again, each once', () => {
    space
      .given([created])
      .when(update(rules), facts('admin', ['rob']))
      .then([changed(rules)]);
    space
      .given([created])
      .when(update({ type: 'inherit' }), facts('admin'))
      .thenNothing();
    space
      .given([created, changed(rules)])
      .when(update(rules), facts('admin', ['rob']))
      .thenNothing();
    space
      .given([created, changed(rules)])
      .when(update({ type: 'inherit' }), facts('admin'))
      .then([changed({ type: 'inherit' })]);
  });

  it('takes space admins only, and members of the organization only in the rules', () => {
    space
      .given([created])
      .when(update(rules), facts('edit', ['rob']))
      .thenFails('forbidden');
    space
      .given([created])
      .when(update(rules), facts('admin'))
      .thenFails('invalid', /mergeRules: users not members of the organization: rob/);
  });
});
