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
export const occurred = (occurredAt: string, ...events: DomainEvent[]): GivenEvent[] => events.map((event) => ({ ...event, metadata: { occurredAt } }));


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
  const dir = mkdtempSync(join(tmpdir(), `projection-${projection.name}-`));
  const events = new SqliteEventStore({ file: join(dir, 'events.sqlite'), pollIntervalMs: 10 });
  const store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
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
        const result = await events.append(stream ?? 'test-1', [{ type, data, metadata: {
          schemaVersion: 1, actor: 'test-actor', correlationId: 'test-request', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', ...metadata,
        } }], 'any');
        last = result.position;
      }
      if (last !== null) await runner.waitFor(last, [projection.name], 5000);
      if (errors.length > 0) throw new Error(errors.splice(0).join('\n'));
    },
    async close(): Promise<void> {
      await runner.stop();
      await events.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ProjectionSpec = Awaited<ReturnType<typeof projectionSpec>>;

/**
 * A fresh projectionSpec for each test of the enclosing `describe`, closed after it:
 *
 *   const spec = projectionSpecPerTest(teamsProjection);
 *   it('keeps a team', async () => {
 *     await spec.given(occurred(T1, created));
 *     expect(await spec.readModels.get(TEAMS, teamId)).toEqual(...);
 *   });
 */
export function projectionSpecPerTest(projection: Projection): Omit<ProjectionSpec, 'close'> {
  let current: ProjectionSpec | undefined;
  beforeEach(async () => {
    current = await projectionSpec(projection);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): ProjectionSpec => {
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
