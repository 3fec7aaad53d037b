import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = join(__dirname, '..', '..');
const markdown = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** A clone stands alone: the README and docs/ name no file outside the repository, and the files they link exist. */
describe('README and docs/ stand alone', () => {
  it.each(markdown)('%s points at nothing outside the repository', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(text).not.toMatch(/\.\.\/shared|\/work\/shared/);
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((href) => !/^[a-z]+:/i.test(href))
      // Links to files (markdown, code, folders); examples in prose (`./<ref>`, `/files/<id>`) are not links to check.
      .filter((href) => /^[\w./-]+$/.test(href) && (/\.(md|ts|js|json|ya?ml)$/.test(href) || href.endsWith('/')));
    const missing = links.filter((href) => !existsSync(resolve(dirname(join(root, file)), href)));
    expect(missing).toEqual([]);
  });
});
