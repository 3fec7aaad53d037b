import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Consistency, EventStore } from '@docs/platform';
import { issueApiToken } from '@docs/organizations';
import { SeedOptions } from './ipc';

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
    const issued = await issueApiToken(events, { email, displayName: `Bench User ${i}`, tokenName: 'bench' }, { actor: 'system', correlationId: `bench-seed-${i}` });
    users.push({ email, token: issued.token });
    last = issued.position ?? last;
  }
  await consistency.waitFor(last, ['users', 'organizations']);

  const orgs: SeededOrg[] = [];
  for (let i = 0; i < options.organizations; i++) {
    const created = await call(url, 'POST', '/v1/orgs', users[0]!.token, { title: `Bench Organization ${i}`, emailDomains: [`org${i}.bench.test`] });
    if (created.status !== 201) throw new Error(`POST /v1/orgs answered ${created.status}: ${JSON.stringify(created.body)}`);
    orgs.push({ id: created.body.id, adminToken: users[0]!.token });
  }

  let invites = true;
  let memberships = orgs.length;
  for (const [i, org] of orgs.entries()) {
    const others = users.slice(1).map((u) => u.email);
    for (let start = 0; start < others.length && invites; start += 50) {
      const invited = await call(url, 'POST', `/v1/orgs/${org.id}/invites`, org.adminToken, { emails: others.slice(start, start + 50), role: 'read' });
      if (invited.status === 404 && start === 0 && i === 0) invites = false;
      else if (invited.status >= 300) throw new Error(`POST /v1/orgs/{id}/invites answered ${invited.status}: ${JSON.stringify(invited.body)}`);
      else memberships += Math.min(50, others.length - start);
    }
  }
  const probe = await call(url, 'GET', `/v1/orgs/${orgs[0]!.id}/members?limit=1`, orgs[0]!.adminToken);
  return { orgs, users, invites, membersRoute: probe.status === 200, counts: { organizations: orgs.length, users: users.length, memberships } };
}
