import { HealthController } from './health.controller';
import { EventStore } from '../event-store/event-store';
import { ProjectionRunner } from '../projections/projection-runner';
import { ReadStore } from '../read-store/read-store';

describe('GET /ready', () => {
  const reply = () => {
    const r = {
      code: 200,
      status(code: number) {
        r.code = code;
        return r;
      },
    };
    return r;
  };
  const events = { headPosition: async () => 10n } as unknown as EventStore;
  const readStore = { listProjectionStates: async () => [] } as unknown as ReadStore;

  it('is ready with every projection running, and reports lag', async () => {
    const runner = {
      states: () => [{ name: 'organizations', status: 'running', checkpoint: 7n, seen: 8n, error: null, parked: 0 }],
    } as unknown as ProjectionRunner;
    const r = reply();
    const body = await new HealthController(events, readStore, runner).ready(r as never);
    expect(r.code).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      head: '10',
      parked: 0,
      projections: [{ name: 'organizations', status: 'running', checkpoint: '7', lag: 2, parked: 0 }],
    });
  });

  it('stays ready with parked events, counting them per projection and saying where to look', async () => {
    const runner = {
      states: () => [
        { name: 'organizations', status: 'running', checkpoint: 10n, seen: 10n, error: null, parked: 2 },
        { name: 'users', status: 'running', checkpoint: 10n, seen: 10n, error: null, parked: 1 },
        { name: 'teams', status: 'running', checkpoint: 10n, seen: 10n, error: null, parked: 0 },
      ],
    } as unknown as ProjectionRunner;
    const r = reply();
    const body = await new HealthController(events, readStore, runner).ready(r as never);
    expect(r.code).toBe(200);
    expect(body).toMatchObject({
      status: 'ready',
      parked: 3,
      projections: [
        { name: 'organizations', parked: 2 },
        { name: 'users', parked: 1 },
        { name: 'teams', parked: 0 },
      ],
      warnings: [
        'projection organizations has 2 parked events (`projections parked organizations` lists them)',
        'projection users has 1 parked event (`projections parked users` lists them)',
      ],
    });
    expect(body).not.toHaveProperty('problems');
  });

  it('answers 503 naming a failed projection and its error', async () => {
    const error = 'projection organizations stopped: the read store failed committing events up to position 9: database or disk is full';
    const runner = {
      states: () => [{ name: 'organizations', status: 'failed', checkpoint: 8n, seen: 8n, error, parked: 0 }],
    } as unknown as ProjectionRunner;
    const r = reply();
    const body = await new HealthController(events, readStore, runner).ready(r as never);
    expect(r.code).toBe(503);
    expect(body).toMatchObject({
      status: 'unavailable',
      problems: [error],
      projections: [{ name: 'organizations', status: 'failed', error }],
    });
  });

  it('answers 503 when a store is unreachable', async () => {
    const down = {
      headPosition: async () => {
        throw new Error('connection refused');
      },
    } as unknown as EventStore;
    const r = reply();
    const body = await new HealthController(down, readStore, { states: () => [] } as unknown as ProjectionRunner).ready(r as never);
    expect(r.code).toBe(503);
    expect(body.problems).toEqual(['event store unreachable: connection refused']);
  });
});
