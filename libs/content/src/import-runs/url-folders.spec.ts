import fc from 'fast-check';
import { withFolders } from './url-folders';

const page = (path: string) => ({ path, title: path, markdown: `# ${path}\n` });

describe('withFolders', () => {
  it('adds a folder for each missing path between the root and a page, after the pages', () => {
    const result = withFolders(['/docs/guide/a', '/docs/intro', '/docs/guide/b', '/'].map(page));
    expect(result.map((p) => [p.path, p.title, 'folder' in p])).toEqual([
      ['/docs/guide/a', '/docs/guide/a', false],
      ['/docs/intro', '/docs/intro', false],
      ['/docs/guide/b', '/docs/guide/b', false],
      ['/', '/', false],
      ['/docs', 'Docs', true],
      ['/docs/guide', 'Guide', true],
    ]);
  });

  it('names folders from their segment', () => {
    expect(withFolders([page('/getting-started/install')])[1]!.title).toBe('Getting started');
  });

  it('leaves every page a parent path, never duplicates one, and keeps the pages first and in order', () => {
    const path = fc
      .array(fc.constantFrom('a', 'b', 'c-d', 'e_f'), { minLength: 0, maxLength: 5 })
      .map((segments) => `/${segments.join('/')}`);
    fc.assert(
      fc.property(fc.uniqueArray(path, { maxLength: 20 }), (paths) => {
        const result = withFolders(paths.map(page));
        const all = result.map((p) => p.path);
        expect(new Set(all).size).toBe(all.length);
        expect(all.slice(0, paths.length)).toEqual(paths);
        for (const p of all) {
          const segments = p.split('/').filter(Boolean);
          if (segments.length > 1) expect(all).toContain(`/${segments.slice(0, -1).join('/')}`);
        }
      }),
      { numRuns: 200 },
    );
  });
});
