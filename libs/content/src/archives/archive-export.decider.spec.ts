import { deciderSpec } from '@docs/kernel/testing';
import { archiveExportAggregate, ArchiveExportCommand } from './archive-export.decider';
import { ArchiveExportEvent } from './archive-export.events';

const ids = { exportId: 'x1', organizationId: 'o1' };
const requested: ArchiveExportEvent = { type: 'ArchiveExportRequested', data: { ...ids, target: { kind: 'space', id: 's1' } } };
const request: ArchiveExportCommand = { type: 'RequestArchiveExport', ...ids, target: { kind: 'space', id: 's1' } };
const complete: ArchiveExportCommand = { type: 'CompleteArchiveExport', hash: 'h', size: 10, spaces: 1 };
const fail: ArchiveExportCommand = { type: 'FailArchiveExport', reason: 'too large' };
const exported = deciderSpec(archiveExportAggregate);

describe('archive export decider', () => {
  it('is requested once', () => {
    exported.given([]).when(request).then([requested]);
    exported.given([requested]).when(request).thenFails('conflict');
  });

  it('completes or fails once, only after its request', () => {
    exported
      .given([requested])
      .when(complete)
      .then([{ type: 'ArchiveExportCompleted', data: { ...ids, hash: 'h', size: 10, spaces: 1 } }]);
    exported
      .given([requested])
      .when(fail)
      .then([{ type: 'ArchiveExportFailed', data: { ...ids, reason: 'too large' } }]);
    const completed: ArchiveExportEvent = { type: 'ArchiveExportCompleted', data: { ...ids, hash: 'h', size: 10, spaces: 1 } };
    exported.given([requested, completed]).when(fail).thenFails('conflict');
    exported.given([requested, completed]).when(complete).thenFails('conflict');
    exported.given([]).when(complete).thenFails('not_found');
  });
});
