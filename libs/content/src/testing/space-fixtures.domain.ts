// Pure like the events it builds (the `.domain` suffix lets the decider specs import it).
import type { SpaceCreated } from '../spaces/space.events';

/** Space s1 of organization o1 created at the top level, live, with revision r0; `data` overrides any field. */
export const spaceCreated = (data: Partial<SpaceCreated['data']> = {}): SpaceCreated => ({
  type: 'SpaceCreated',
  data: {
    spaceId: 's1',
    organizationId: 'o1',
    title: 'S',
    emoji: '',
    editMode: 'live',
    defaultLevel: null,
    parent: null,
    rank: 'a0',
    revisionId: 'r0',
    ...data,
  },
});
