import { HealthController } from './health.controller';
import { EventStore } from '../event-store/event-store';
import { ProjectionRunner } from '../projections/projection-runner';
import { ReadStore } from '../read-store/read-store';

describe('GET /ready', () => {
  const reply = () => {
    const r = { code: 200, status(code: number) { r.code = code; return r; } };
    return r;
  };
  const events = { headPosition: async () => 10n } as unknown as EventStore;
  const readStore = { listProjectionStates: async () => [] } as unknown as ReadStore;

  it('is ready with every projection running, and reports lag', async () => {
    const runner = { states: () => [{ name: 'organizations', status: 'running', checkpoint: 7n, seen: 8n, error: null }] } as unknown as ProjectionRunner;
    const r = reply();
    const body = await new HealthController(events, readStore, runner).ready(r as never);
    expect(r.code).toBe(200);
    expect(body).toEqual({ status: 'ready', head: '10', projections: [{ name: 'organizations', status: 'running', checkpoint: '7', lag: 2 }] });
  });

  it('answers 503 naming a failed projection and its error', async () => {
    const error = 'projection organizations stopped on event MemberJoined e1 at position 9 (stream organization-o1): boom';
    const runner = { states: () => [{ name: 'organizations', status: 'failed', checkpoint: 8n, seen: 8n, error }] } as unknown as ProjectionRunner;
    const r = reply();
    const body = await new HealthController(events, readStore, runner).ready(r as never);
    expect(r.code).toBe(503);
    expect(body).toMatchObject({ status: 'unavailable', problems: [error], projections: [{ name: 'organizations', status: 'failed', error }] });
  });

  it('answers 503 when a store is unreachable', async () => {
    const down = { headPosition: async () => { throw new Error('connection refused'); } } as unknown as EventStore;
    const r = reply();
    const body = await new HealthController(down, readStore, { states: () => [] } as unknown as ProjectionRunner).ready(r as never);
    expect(r.code).toBe(503);
    expect(body.problems).toEqual(['event store unreachable: connection refused']);
  });
});
