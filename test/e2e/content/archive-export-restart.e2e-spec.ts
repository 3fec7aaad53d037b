import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { openStores, UpcasterRegistry } from '@docs/platform';
import { contentCast, createSpace, spacePath } from '../support/content-world';
import { TestApp } from '../support/test-app';

/**
 * A job the server left pending (stopped after recording the request, before packing the archive):
 * the next start runs it to the end. The request is appended to the stopped server's log as the
 * request route appends it.
 */
describe('archive exports pending at a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'archive-restart-'));
  let app: TestApp;

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are resumed at start-up and complete', async () => {
    app = await TestApp.start({ dataDir });
    const cast = await contentCast(app, 'restart');
    const space = await createSpace(app, cast.organizationId, { title: 'Resumed' });
    const { config } = app;
    await app.stop();

    const stores = await openStores(config, new UpcasterRegistry());
    const ids = { exportId: 'pendingexport1', organizationId: cast.organizationId };
    await stores.events.append(
      `archive-export-${ids.exportId}`,
      [
        {
          type: 'ArchiveExportRequested',
          data: { ...ids, target: { kind: 'space', id: space.id } },
          metadata: {
            schemaVersion: 1,
            actor: cast.ownerId,
            correlationId: 'restart-test',
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
    await Promise.all([stores.readStore.close(), stores.events.close()]);

    app = await TestApp.start({ dataDir, mongoDb: config.mongoDb });
    let job: any;
    for (let i = 0; i < 600 && job?.status !== 'completed' && job?.status !== 'failed'; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await app.get(`/v1/orgs/${cast.organizationId}/archive-exports/${ids.exportId}`)).body;
    }
    expect(job).toMatchObject({ status: 'completed', spaces: 1, target: { kind: 'space', id: space.id } });
    const zip = await fetch(`${app.url}${new URL(job.urls.download).pathname}`);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(strFromU8(files['SUMMARY.md']!)).toBe('# Table of contents\n\n* [Untitled](README.md)\n');
    expect((await app.get(`${spacePath(space.id)}/content`)).status).toBe(200);
  });
});
