import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Loading a driver or the framework fails the spec: the entry points below must not load them.
jest.mock('mongodb', () => {
  throw new Error('mongodb was loaded');
});
jest.mock('@eventstore/db-client', () => {
  throw new Error('@eventstore/db-client was loaded');
});

describe('entry points', () => {
  it('@docs/platform/projections loads neither a database driver nor Nest', () => {
    jest.isolateModules(() => {
      jest.doMock('@nestjs/common', () => {
        throw new Error('@nestjs/common was loaded');
      });
      const kit = require('./projections') as typeof import('./projections');
      expect(typeof kit.defineProjection).toBe('function');
      expect(typeof kit.defineReadModel).toBe('function');
      expect(typeof kit.DomainError).toBe('function');
      expect(typeof kit.Provided).toBe('function');
      jest.dontMock('@nestjs/common');
    });
  });

  it('opening the configured stores without server URLs loads no driver', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'entry-points-'));
    try {
      const { loadConfig } = require('./config/app-config') as typeof import('./config/app-config');
      const { UpcasterRegistry } = require('./event-store/upcasters') as typeof import('./event-store/upcasters');
      const { openStores, openIdempotencyStore } = require('./stores') as typeof import('./stores');
      const { openBlobStore } = require('./blobs/open-blob-store') as typeof import('./blobs/open-blob-store');
      const { openTokenUsageStore } = require('./auth/token-usage-store') as typeof import('./auth/token-usage-store');
      const config = loadConfig({ DATA_DIR: dir });
      const stores = await openStores(config, new UpcasterRegistry());
      expect(stores.describe.events).toMatch(/^SQLite /);
      const others = [await openIdempotencyStore(config), await openBlobStore(config), await openTokenUsageStore(config)];
      await Promise.all([stores.events.close(), stores.readStore.close(), ...others.map((store) => store.close())]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('@docs/platform loads no database driver', () => {
    const platform = require('./index') as typeof import('./index');
    expect(typeof platform.openStores).toBe('function');
    expect(typeof platform.GridFsBlobStore.connect).toBe('function');
  });
});
