/// <reference types="jest" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainEvent, EventMetadata } from '@docs/kernel';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { Projection } from '../projections/projection';
import { ProjectionRegistry } from '../projections/projection-registry';
import { ProjectionRunner } from '../projections/projection-runner';
import { ReadModels } from '../projections/read-models';
import { SqliteReadStore } from '../read-store/sqlite-read-store';

/** A given event: where it was appended and when (default: one stream, a fixed time). */
export type GivenEvent = DomainEvent & { stream?: string; metadata?: Partial<EventMetadata> };

/** The events, as occurring at `occurredAt`: `spec.given([...occurred(T1, created, joined), ...occurred(T2, renamed)])`. */
export const occurred = (occurredAt: string, ...events: DomainEvent[]): GivenEvent[] =>
  events.map((event) => ({ ...event, metadata: { occurredAt } }));

/** The embedded event store and read store of a projection spec, in a temporary directory. */
function openStores(projection: Projection) {
  const dir = mkdtempSync(join(tmpdir(), `projection-${projection.name}-`));
  const events = new SqliteEventStore({ file: join(dir, 'events.sqlite'), pollIntervalMs: 10 });
  const store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
  return {
    events,
    store,
    async close(): Promise<void> {
      await events.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
type SpecStores = ReturnType<typeof openStores>;

/** The projection's runner on the stores, and `given`: append events, wait until they are applied. */
async function running(projection: Projection, { events, store }: SpecStores) {
  const registry = new ProjectionRegistry([projection]);
  // Quiet, except that an event the projection threw on (parked, so the runner went on) fails the spec.
  const errors: string[] = [];
  const runner = new ProjectionRunner(events, store, registry, { log: () => undefined, error: (message) => errors.push(message) });
  await runner.start();
  return {
    readModels: new ReadModels(store, registry),
    async given(given: GivenEvent[]): Promise<void> {
      let last: bigint | null = null;
      for (const { type, data, stream, metadata } of given) {
        const result = await events.append(
          stream ?? 'test-1',
          [
            {
              type,
              data,
              metadata: {
                schemaVersion: 1,
                actor: 'test-actor',
                correlationId: 'test-request',
                causationId: null,
                occurredAt: '2026-01-01T00:00:00.000Z',
                ...metadata,
              },
            },
          ],
          'any',
        );
        last = result.position;
      }
      if (last !== null) await runner.waitFor(last, [projection.name], 5000);
      if (errors.length > 0) throw new Error(errors.splice(0).join('\n'));
    },
    stop: () => runner.stop(),
  };
}

/**
 * Empties the read store and starts the projection after the log's last event, as if the log were
 * empty: the next test of a file sees only its own events, on the same stores (no new files, no
 * new threads per test).
 */
async function startAfresh(projection: Projection, { events, store }: SpecStores): Promise<void> {
  for (const collection of await store.listCollections()) await store.dropCollection(collection);
  const head = await events.headPosition();
  await store.saveProjectionState({
    name: projection.name,
    version: projection.version,
    generation: 0,
    checkpoint: head,
    status: 'running',
    error: null,
    updatedAt: new Date().toISOString(),
  });
}

/**
 * Given events, then read models, for one projection, through the real runner and the embedded
 * stores in a temporary directory: what `apply` writes is what a query handler would read.
 *
 *   const spec = await projectionSpec(teamsProjection);
 *   await spec.given([{ type: 'TeamCreated', data, metadata: { occurredAt } }]);
 *   expect(await spec.readModels.get(TEAMS, teamId)).toEqual(...);
 *   await spec.close();
 */
export async function projectionSpec(projection: Projection) {
  const stores = openStores(projection);
  const run = await running(projection, stores);
  return {
    readModels: run.readModels,
    given: run.given,
    async close(): Promise<void> {
      await run.stop();
      await stores.close();
    },
  };
}

export type ProjectionSpec = Awaited<ReturnType<typeof projectionSpec>>;

/**
 * A projection spec for each test of the enclosing `describe`, as if on an empty log: the stores
 * are opened once for the describe, and each test starts the projection afresh on them.
 *
 *   const spec = projectionSpecPerTest(teamsProjection);
 *   it('keeps a team', async () => {
 *     await spec.given(occurred(T1, created));
 *     expect(await spec.readModels.get(TEAMS, teamId)).toEqual(...);
 *   });
 */
export function projectionSpecPerTest(projection: Projection): Omit<ProjectionSpec, 'close'> {
  let stores: SpecStores | undefined;
  let current: Awaited<ReturnType<typeof running>> | undefined;
  beforeAll(() => {
    stores = openStores(projection);
  });
  afterAll(async () => {
    await stores?.close();
    stores = undefined;
  });
  beforeEach(async () => {
    await startAfresh(projection, stores!);
    current = await running(projection, stores!);
  });
  afterEach(async () => {
    await current?.stop();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error(`projection spec of ${projection.name}: used outside a test`);
    return current;
  };
  return {
    get readModels() {
      return now().readModels;
    },
    given: (events) => now().given(events),
  };
}
