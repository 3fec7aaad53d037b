import type { RecordedEvent } from '@docs/platform/operations';

/**
 * Whether an event concerns a space (`events read --space`): an event of the space's own stream, or
 * one whose data names the space as its `spaceId`: its change requests, comments, permissions, site
 * sections and the like, whatever stream they are in.
 */
export function concernsSpace(event: RecordedEvent, spaceId: string): boolean {
  if (event.streamId === `space-${spaceId}`) return true;
  const data = event.data as { spaceId?: unknown } | null;
  return typeof data === 'object' && data !== null && data.spaceId === spaceId;
}
