import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from './sqlite-read-store';
import { scopeQuery, textTable } from './sqlite-text';

describe('scopeQuery', () => {
  it('matches scope values that are one ASCII word in the scope column', () => {
    expect(scopeQuery('spaceId', [{ field: 'spaceId', op: 'eq', value: 'uZqE1RN4' }])).toBe('"k.spaceId" : "uZqE1RN4"');
    expect(
      scopeQuery('spaceId', [
        { field: 'pageId', op: 'eq', value: 'p' },
        { field: 'spaceId', op: 'in', values: ['a1', 'B2'] },
      ]),
    ).toBe('"k.spaceId" : "a1" OR "k.spaceId" : "B2"');
  });

  it('leaves the search unscoped without a scope or a filter on it, for any other value, or with many values', () => {
    expect(scopeQuery(undefined, [{ field: 'spaceId', op: 'eq', value: 'a' }])).toBeNull();
    expect(scopeQuery('spaceId', [{ field: 'spaceId', op: 'ne', value: 'a' }])).toBeNull();
    for (const other of ['a b', 'say "hi"', 'sp-3', '…', 'Ünï', 'x\u0000', '', 'a'.repeat(129)]) {
      expect(scopeQuery('spaceId', [{ field: 'spaceId', op: 'in', values: ['a', other] }])).toBeNull();
    }
    expect(scopeQuery('spaceId', [{ field: 'spaceId', op: 'eq', value: 3 }])).toBeNull();
    expect(scopeQuery('spaceId', [{ field: 'spaceId', op: 'in', values: [] }])).toBeNull();
    const many = Array.from({ length: 17 }, (_, i) => `s${i}`);
    expect(scopeQuery('spaceId', [{ field: 'spaceId', op: 'in', values: many }])).toBeNull();
    expect(scopeQuery('spaceId', [{ field: 'spaceId', op: 'in', values: many.slice(0, 16) }])).not.toBeNull();
  });

  it('keeps the scope field as an unweighted column of the full-text index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-text-'));
    const store = new SqliteReadStore({ file: join(dir, 'r.db') });
    try {
      await store.ensureCollections([{ name: 'sections', fields: ['spaceId'], text: { title: 4, body: 1 }, textScope: 'spaceId' }]);
      const { writer } = store as unknown as { writer: Database.Database };
      const columns = (writer.prepare(`PRAGMA table_info(${textTable('sections')})`).all() as { name: string }[]).map((c) => c.name);
      expect(columns).toEqual(['t.title', 't.body', 'k.spaceId']);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
