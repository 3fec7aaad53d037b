import { randomUUID } from 'node:crypto';
import { TestApp } from '../support/test-app';

/**
 * The application on EventStoreDB (run with `npm run test:servers` and EVENTSTORE_URL set; the log
 * is shared with every earlier run, so everything here uses fresh users and ids). Read models go to
 * MongoDB when MONGO_URL is set, else to the embedded store.
 */
const describeWithEventStore = process.env.EVENTSTORE_URL ? describe : describe.skip;

describeWithEventStore(`the application on EventStoreDB${process.env.EVENTSTORE_URL ? '' : ' (set EVENTSTORE_URL to run it)'}`, () => {
  it('writes through EventStoreDB, reads its own writes, and keeps them across a restart', async () => {
    const first = await TestApp.start({ eventStoreUrl: process.env.EVENTSTORE_URL! });
    const email = `esdb-${randomUUID()}@servers.test`;
    let orgId: string;
    let token: string;
    try {
      ({ token } = await first.tokenFor(email, 'Server User'));
      const created = await first.post('/v1/orgs', { title: 'On EventStoreDB' }, token);
      expect(created.status).toBe(201);
      orgId = created.body.id;
      expect((await first.get(`/v1/orgs/${orgId}`, token)).body.title).toBe('On EventStoreDB');
      const renamed = await first.patch(`/v1/orgs/${orgId}`, { title: 'Renamed on EventStoreDB' }, token);
      expect(renamed.body.title).toBe('Renamed on EventStoreDB');
      const mine = await first.get('/v1/orgs', token);
      expect(mine.body).toMatchObject({ count: 1, items: [{ id: orgId }] });
    } finally {
      await first.stop();
    }

    // A second server on the same log rebuilds its read models from EventStoreDB.
    const second = await TestApp.start({ eventStoreUrl: process.env.EVENTSTORE_URL! });
    try {
      expect((await second.get(`/v1/orgs/${orgId!}`, token!)).body).toMatchObject({ id: orgId!, title: 'Renamed on EventStoreDB' });
    } finally {
      await second.stop();
    }
  });
});
