import type { RecordedEvent } from '@docs/platform';
import { concernsSpace } from './space-filter';

const event = (streamId: string, data: unknown): RecordedEvent =>
  ({
    streamId,
    data,
    type: 'X',
    id: 'e',
    position: 1n,
    revision: 0n,
    metadata: { schemaVersion: 1, actor: 'a', correlationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' },
  }) as RecordedEvent;

describe('concernsSpace (events read --space)', () => {
  it("keeps the space's own events and those whose data names it as spaceId, in any stream", () => {
    expect(concernsSpace(event('space-s1', { spaceId: 's1' }), 's1')).toBe(true);
    expect(concernsSpace(event('space-s1', {}), 's1')).toBe(true);
    expect(concernsSpace(event('changeRequest-cr1', { spaceId: 's1', changeRequestId: 'cr1' }), 's1')).toBe(true);
    expect(concernsSpace(event('comment-c1', { spaceId: 's1', commentId: 'c1' }), 's1')).toBe(true);
  });

  it('leaves out other spaces, events naming the space elsewhere than spaceId, and events without data', () => {
    expect(concernsSpace(event('space-s2', { spaceId: 's2' }), 's1')).toBe(false);
    expect(concernsSpace(event('space-s10', { spaceId: 's10' }), 's1')).toBe(false);
    expect(concernsSpace(event('organization-o1', { title: 's1' }), 's1')).toBe(false);
    expect(concernsSpace(event('organization-o1', null), 's1')).toBe(false);
  });
});
