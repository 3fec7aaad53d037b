import { Logger } from '@nestjs/common';
import { RecordedEvent } from '@docs/kernel';
import { EventStore, SubscriptionHandler } from '../event-store/event-store';
import { Consistency } from '../projections/consistency';
import { FindResult, Page } from '../read-store/query';
import { followLog } from './follow-log';

function fakes(left: string[][]) {
  const calls: string[] = [];
  let handler: SubscriptionHandler | undefined;
  const events = {
    headPosition: async () => 7n,
    subscribeToAll: (after: bigint | null, h: SubscriptionHandler) => {
      calls.push(`subscribe after ${after}`);
      handler = h;
      return { close: async () => undefined };
    },
  } as unknown as EventStore;
  const consistency = {
    waitFor: async (position: bigint | null, projections: string[]) => void calls.push(`wait ${position} ${projections.join()}`),
  } as unknown as Consistency;
  const read = async (page: Page): Promise<FindResult<string>> => {
    const index = page.after ? Number(page.after) : 0;
    calls.push(`page ${index}`);
    return { items: left[index]!, count: 0, ...(index + 1 < left.length ? { next: String(index + 1) } : {}) };
  };
  return { calls, events, consistency, read, handler: () => handler! };
}

const event = (type: string) => ({ type }) as RecordedEvent;

describe('followLog', () => {
  it('subscribes from the head, then takes up what is left once the projection has caught up to it, page by page', async () => {
    const { calls, events, consistency, read, handler } = fakes([['a', 'b'], ['c']]);
    const seen: string[] = [];
    const { resumed } = await followLog(events, consistency, {
      logger: new Logger('test'),
      onEvent: (e) => seen.push(`event ${e.type}`),
      projection: 'things',
      left: read,
      resume: (item) => seen.push(`resume ${item}`),
      stopped: () => false,
    });
    await resumed;
    await handler().onEvents([event('One'), event('Two')]);
    expect(calls).toEqual(['subscribe after 7', 'wait 7 things', 'page 0', 'page 1']);
    expect(seen).toEqual(['resume a', 'resume b', 'resume c', 'event One', 'event Two']);
  });

  it('stops taking up at the end of a page once the job stops, and logs a stopped subscription only while it runs', async () => {
    const { calls, events, consistency, read, handler } = fakes([['a'], ['b']]);
    let stopped = false;
    const logger = new Logger('test');
    const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { resumed } = await followLog(events, consistency, {
      logger,
      onEvent: () => undefined,
      projection: 'things',
      left: read,
      resume: () => (stopped = true),
      stopped: () => stopped,
    });
    await resumed;
    expect(calls).toEqual(['subscribe after 7', 'wait 7 things', 'page 0']);
    handler().onError(new Error('gone'));
    expect(error).not.toHaveBeenCalled();
    stopped = false;
    handler().onError(new Error('gone'));
    expect(error).toHaveBeenCalledWith('event subscription stopped: gone');
  });
});
