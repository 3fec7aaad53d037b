import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Consistency, EventStore, newId } from '@docs/platform';
import { issueApiToken } from '@docs/organizations';
import { SeedOptions, TeamSeedOptions } from './ipc';

export interface SeededOrg {
  id: string;
  adminToken: string;
}

export interface Seeded {
  orgs: SeededOrg[];
  /** Every seeded user's token; user 0 created (and administers) every org. */
  users: { email: string; token: string }[];
  /** `true` when POST /v1/orgs/{id}/invites exists and every user is a member of every org. */
  invites: boolean;
  /** `true` when GET /v1/orgs/{id}/members exists. */
  membersRoute: boolean;
  /** Organizations, users and memberships actually created. */
  counts: { organizations: number; users: number; memberships: number };
}

async function call(url: string, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Runs inside the server process: users and their API tokens through issueApiToken (there is no
 * HTTP route for creating users: the CLI does it), organizations and memberships over HTTP.
 * User 0 creates every organization (so `GET /v1/orgs` lists all of them for it); when the invites
 * route exists, every org invites all the other users (role `read`), so each org has `users` members.
 */
export async function seed(app: NestFastifyApplication, url: string, options: SeedOptions): Promise<Seeded> {
  const events = app.get(EventStore);
  const consistency = app.get(Consistency);
  const users: Seeded['users'] = [];
  let last: bigint | null = null;
  for (let i = 0; i < options.users; i++) {
    const email = `bench-user-${i}@bench.test`;
    const issued = await issueApiToken(
      events,
      { email, displayName: `Bench User ${i}`, tokenName: 'bench' },
      { actor: 'system', correlationId: `bench-seed-${i}` },
    );
    users.push({ email, token: issued.token });
    last = issued.position ?? last;
  }
  await consistency.waitFor(last, ['users', 'organizations']);

  const orgs: SeededOrg[] = [];
  for (let i = 0; i < options.organizations; i++) {
    const created = await call(url, 'POST', '/v1/orgs', users[0]!.token, {
      title: `Bench Organization ${i}`,
      emailDomains: [`org${i}.bench.test`],
    });
    if (created.status !== 201) throw new Error(`POST /v1/orgs answered ${created.status}: ${JSON.stringify(created.body)}`);
    orgs.push({ id: created.body.id, adminToken: users[0]!.token });
  }

  let invites = true;
  let memberships = orgs.length;
  for (const [i, org] of orgs.entries()) {
    const others = users.slice(1).map((u) => u.email);
    for (let start = 0; start < others.length && invites; start += 50) {
      const invited = await call(url, 'POST', `/v1/orgs/${org.id}/invites`, org.adminToken, {
        emails: others.slice(start, start + 50),
        role: 'read',
      });
      if (invited.status === 404 && start === 0 && i === 0) invites = false;
      else if (invited.status >= 300)
        throw new Error(`POST /v1/orgs/{id}/invites answered ${invited.status}: ${JSON.stringify(invited.body)}`);
      else memberships += Math.min(50, others.length - start);
    }
  }
  const probe = await call(url, 'GET', `/v1/orgs/${orgs[0]!.id}/members?limit=1`, orgs[0]!.adminToken);
  return {
    orgs,
    users,
    invites,
    membersRoute: probe.status === 200,
    counts: { organizations: orgs.length, users: users.length, memberships },
  };
}

export interface SeededTeamOrg {
  id: string;
  teams: number;
}

/**
 * Organizations for the team-list runs (created over HTTP by user 0, their admin), filled with
 * teams fast: `TeamCreated` events appended straight to the store, on the stream and with the data
 * and metadata the team commands write (`team-<id>`, no_stream), then projected by the running
 * projections like any other event. POST /v1/orgs/{id}/teams would take minutes for 10,000 teams.
 */
export async function seedTeams(
  app: NestFastifyApplication,
  url: string,
  adminToken: string,
  options: TeamSeedOptions,
): Promise<SeededTeamOrg[]> {
  const events = app.get(EventStore);
  const consistency = app.get(Consistency);
  const orgs: SeededTeamOrg[] = [];
  let last: bigint | null = null;
  for (const count of options.teams) {
    const created = await call(url, 'POST', '/v1/orgs', adminToken, { title: `Bench Teams ${count}` });
    if (created.status !== 201) throw new Error(`POST /v1/orgs answered ${created.status}: ${JSON.stringify(created.body)}`);
    const organizationId: string = created.body.id;
    const actor = ((await call(url, 'GET', '/v1/user', adminToken)).body as { id: string }).id;
    for (let start = 0; start < count; start += 500) {
      const appends = [];
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const teamId = newId();
        const metadata = {
          schemaVersion: 1,
          actor,
          correlationId: `bench-teams-${organizationId}-${i}`,
          causationId: null,
          occurredAt: new Date().toISOString(),
        };
        appends.push(
          events.append(
            `team-${teamId}`,
            [{ type: 'TeamCreated', data: { organizationId, teamId, title: `Team ${i}` }, metadata }],
            'no_stream',
          ),
        );
      }
      for (const appended of await Promise.all(appends)) last = appended.position ?? last;
    }
    orgs.push({ id: organizationId, teams: count });
  }
  // Projecting 10,000 teams can outlast one read-your-writes timeout.
  for (let attempt = 0; last !== null; attempt++) {
    try {
      await consistency.waitFor(last, ['teams', 'audit']);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
    }
  }
  return orgs;
}
