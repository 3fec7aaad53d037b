import { deciderSpec } from '@docs/kernel/testing';
import { ImportRunEvent, importRunAggregate, REASON_MAX } from './import-run.decider';

const ids = { organizationId: 'org1', importRunId: 'run1' };
const source = { type: 'website' as const, url: 'https://docs.example.com/' };
const target = { space: 'space1', changeRequest: 'cr1' };

const requested: ImportRunEvent = { type: 'ImportRunRequested', data: { ...ids, source, target } };
const progressed: ImportRunEvent = { type: 'ImportRunProgressed', data: { ...ids, importedResources: 2, totalResources: 5 } };
const result = { revision: 'rev1', importedResources: 5, totalResources: 5, pages: [{ id: 'p1', sourceURL: 'https://docs.example.com/' }] };
const completed: ImportRunEvent = { type: 'ImportRunCompleted', data: { ...ids, ...result } };
const failed: ImportRunEvent = { type: 'ImportRunFailed', data: { ...ids, reason: 'unreachable' } };
const cancelled: ImportRunEvent = { type: 'ImportRunCancelled', data: ids };

const runs = deciderSpec(importRunAggregate);

describe('import run aggregate', () => {
  it('is requested once, with its source, target and site', () => {
    runs
      .given([])
      .when({ type: 'StartImportRun', ...ids, source, target })
      .then([requested]);
    runs
      .given([requested])
      .when({ type: 'StartImportRun', ...ids, source, target })
      .thenFails('conflict', /already exists/);
  });

  it('progresses, then completes or fails; a reason is kept to its cap', () => {
    runs.given([requested]).when({ type: 'RecordImportRunProgress', importedResources: 2, totalResources: 5 }).then([progressed]);
    runs
      .given([requested, progressed])
      .when({ type: 'CompleteImportRun', ...result })
      .then([completed]);
    runs.given([requested, progressed]).when({ type: 'FailImportRun', reason: 'unreachable' }).then([failed]);
    runs
      .given([requested])
      .when({ type: 'FailImportRun', reason: 'x'.repeat(REASON_MAX + 10) })
      .then([{ type: 'ImportRunFailed', data: { ...ids, reason: 'x'.repeat(REASON_MAX) } }]);
  });

  it('is cancelled while pending or in progress; again records nothing; a finished run is 409', () => {
    runs.given([requested]).when({ type: 'CancelImportRun' }).then([cancelled]);
    runs.given([requested, progressed]).when({ type: 'CancelImportRun' }).then([cancelled]);
    runs.given([requested, cancelled]).when({ type: 'CancelImportRun' }).then([]);
    runs
      .given([requested, completed])
      .when({ type: 'CancelImportRun' })
      .thenFails('conflict', /completed/);
    runs
      .given([requested, failed])
      .when({ type: 'CancelImportRun' })
      .thenFails('conflict', /failed/);
  });

  it('records nothing after the end of a run: a cancelled run refuses progress and completion', () => {
    runs
      .given([requested, cancelled])
      .when({ type: 'RecordImportRunProgress', importedResources: 1, totalResources: 1 })
      .thenFails('conflict', /cancelled/);
    runs
      .given([requested, cancelled])
      .when({ type: 'FailImportRun', reason: 'late' })
      .thenFails('conflict', /cancelled/);
    runs
      .given([])
      .when({ type: 'CancelImportRun' })
      .thenFails('not_found', /import run not found/);
  });
});
