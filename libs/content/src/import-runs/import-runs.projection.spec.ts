import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { ImportRunEvent } from './import-run.decider';
import { importRunsProjection } from './import-runs.projection';
import { IMPORT_RUNS, ImportRunsReadModel } from './import-runs.read-model';

const [T1, T2, T3] = ['2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z', '2024-01-03T00:00:00.000Z'];
const ids = (importRunId: string) => ({ organizationId: 'o1', importRunId });
const requested = (id: string, space = 's1'): ImportRunEvent => ({
  type: 'ImportRunRequested',
  data: { ...ids(id), source: { type: 'file', files: ['f1'] }, target: { space, changeRequest: 'cr1' }, site: 'site1' },
});
const progressed = (id: string): ImportRunEvent => ({
  type: 'ImportRunProgressed',
  data: { ...ids(id), importedResources: 1, totalResources: 2 },
});
const completed = (id: string): ImportRunEvent => ({
  type: 'ImportRunCompleted',
  data: { ...ids(id), revision: 'rev', importedResources: 2, totalResources: 2, pages: [{ id: 'p1' }, { id: 'p2', type: 'folder' }] },
});

describe('import_runs projection', () => {
  const spec = projectionSpecPerTest(importRunsProjection);

  it('follows a run: pending, in progress from its first progress, completed with its pages', async () => {
    await spec.given([...occurred(T1, requested('r1')), ...occurred(T2, progressed('r1'))]);
    expect(await spec.readModels.get(IMPORT_RUNS, 'r1')).toMatchObject({
      status: 'in-progress',
      active: true,
      space: 's1',
      changeRequest: 'cr1',
      site: 'site1',
      createdAt: T1,
      startedAt: T2,
      updatedAt: T2,
      importedResources: 1,
      totalResources: 2,
    });
    await spec.given(occurred(T3, completed('r1')));
    expect(await spec.readModels.get(IMPORT_RUNS, 'r1')).toMatchObject({
      status: 'completed',
      active: false,
      startedAt: T2,
      completedAt: T3,
      revision: 'rev',
      pages: [{ id: 'p1' }, { id: 'p2', type: 'folder' }],
    });
  });

  it('filters runs: `active` is pending and in progress; failed and cancelled runs are not active', async () => {
    await spec.given([
      ...occurred(T1, requested('a'), requested('b', 's2'), requested('c'), requested('d')),
      ...occurred(T2, progressed('b'), { type: 'ImportRunFailed', data: { ...ids('c'), reason: 'unreachable' } }),
      ...occurred(T3, { type: 'ImportRunCancelled', data: ids('d') }),
    ]);
    const read = new ImportRunsReadModel(spec.readModels);
    const idsOf = async (filters: object) => (await read.filtered('o1', filters, { limit: 10 })).items.map((r) => r.id).sort();
    expect(await idsOf({ status: 'active' })).toEqual(['a', 'b']);
    expect(await idsOf({ status: 'failed' })).toEqual(['c']);
    expect(await idsOf({ status: 'cancelled' })).toEqual(['d']);
    expect(await idsOf({ space: 's2' })).toEqual(['b']);
    expect(await idsOf({ site: 'site1', status: 'pending' })).toEqual(['a']);
    expect(await read.activeIn('o1')).toBe(2);
    expect((await read.get('o1', 'c')).reason).toBe('unreachable');
  });
});
