import { projectionSpecPerTest } from '@docs/platform/testing';
import { organizationsProjection } from './organizations.projection';
import { ORGANIZATIONS } from './organizations.read-model';

const DAY1 = '2024-01-01T00:00:00.000Z';
const DAY2 = '2024-01-02T00:00:00.000Z';
const created = {
  type: 'OrganizationCreated',
  data: { organizationId: 'o1', title: 'Acme', emailDomains: [], type: 'business', plan: 'free_2024', inviteLinks: true, createdBy: 'u1' },
  metadata: { occurredAt: DAY1 },
};
const rulesChanged = (mergeRules: object, organizationId = 'o1') => ({
  type: 'OrganizationMergeRulesChanged',
  data: { organizationId, mergeRules },
  metadata: { occurredAt: DAY2 },
});

describe('organizations projection: merge rules', () => {
  const spec = projectionSpecPerTest(organizationsProjection);

  it('keeps the merge rules last set on the organization (absent until then), ignoring unknown organizations', async () => {
    await spec.given([created]);
    expect(await spec.readModels.get(ORGANIZATIONS, 'o1')).not.toHaveProperty('mergeRules');
    const rules = { type: 'rules', rules: [{ rule: 'allow_bypass', users: ['u1'] }] };
    await spec.given([rulesChanged(rules), rulesChanged({ type: 'none' }, 'o-unknown')]);
    expect(await spec.readModels.get(ORGANIZATIONS, 'o1')).toMatchObject({ mergeRules: rules, updatedAt: DAY2 });
    expect(await spec.readModels.get(ORGANIZATIONS, 'o-unknown')).toBeNull();
  });
});
