import { SpaceMergeRulesConfiguration } from '@docs/kernel';
import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { spaceCreated } from '../../testing/space-fixtures.domain';
import { SpaceEvent } from '../space.events';
import { spacesProjection } from './spaces.projection';
import { SPACES } from './spaces.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const ids = { spaceId: 's1', organizationId: 'o1' };
const rulesChanged = (mergeRules: SpaceMergeRulesConfiguration): SpaceEvent => ({
  type: 'SpaceMergeRulesChanged',
  data: { ...ids, mergeRules },
});

describe('spaces projection: merge rules', () => {
  const spec = projectionSpecPerTest(spacesProjection);

  it("keeps the space's own merge rules, and inherit again (absent: inherit)", async () => {
    await spec.given(occurred(T1, spaceCreated({ ...ids, revisionId: 'r1' })));
    expect(await spec.readModels.get(SPACES, 's1')).not.toHaveProperty('mergeRules');
    await spec.given(occurred(T2, rulesChanged({ type: 'none' })));
    expect(await spec.readModels.get(SPACES, 's1')).toMatchObject({ mergeRules: { type: 'none' }, updatedAt: T2 });
    await spec.given(occurred(T2, rulesChanged({ type: 'inherit' })));
    expect(await spec.readModels.get(SPACES, 's1')).toMatchObject({ mergeRules: { type: 'inherit' } });
  });
});
