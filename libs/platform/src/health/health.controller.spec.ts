import { HealthController } from './health.controller';
import { EventStore } from '../event-store/event-store';
import { ProjectionRunner } from '../projections/projection-runner';
import { ReadStore } from '../read-store/read-store';

describe('GET /ready', () => {
  const events = { headPosition: async () => 10n } as unknown as EventStore;
  const readStore = { listProjectionStates: async () => [] } as unknown as ReadStore;
  /** The status code and answer of GET /ready, the runner reporting these projection states. */
  const ready = async (states: object[], eventStore = events) => {
    const reply = {
      code: 200,
      status(code: number) {
        reply.code = code;
        return reply;
      },
    };
    const runner = { states: () => states } as unknown as ProjectionRunner;
    const body = await new HealthController(eventStore, readStore, runner).ready(reply as never);
    return { code: reply.code, body };
  };
  const running = (name: string, checkpoint: bigint, seen: bigint, parked = 0) => ({
    name,
    status: 'running',
    checkpoint,
    seen,
    error: null,
    parked,
  });

  it('is ready with every projection running, and reports lag', async () => {
    const { code, body } = await ready([running('organizations', 7n, 8n)]);
    expect(code).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      head: '10',
      parked: 0,
      projections: [{ name: 'organizations', status: 'running', checkpoint: '7', lag: 2, parked: 0 }],
    });
  });

  it('stays ready with parked events, counting them per projection and saying where to look', async () => {
    const { code, body } = await ready([running('organizations', 10n, 10n, 2), running('users', 10n, 10n, 1), running('teams', 10n, 10n)]);
    expect(code).toBe(200);
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
    const { code, body } = await ready([{ ...running('organizations', 8n, 8n), status: 'failed', error }]);
    expect(code).toBe(503);
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
    const { code, body } = await ready([], down);
    expect(code).toBe(503);
    expect(body.problems).toEqual(['event store unreachable: connection refused']);
  });
});
