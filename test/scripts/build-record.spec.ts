import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { fingerprint } = require('../../scripts/build.js') as { fingerprint(root: string): string };

/** `npm start` starts from dist/ only when this fingerprint equals the one recorded at the last build. */
describe('the sources fingerprint npm start compares with the last build', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'docs-fingerprint-'));
    mkdirSync(join(root, 'apps', 'api'), { recursive: true });
    mkdirSync(join(root, 'libs', 'x', 'src'), { recursive: true });
    writeFileSync(join(root, 'apps', 'api', 'main.ts'), 'export {};\n');
    writeFileSync(join(root, 'libs', 'x', 'src', 'x.ts'), 'export const x = 1;\n');
    writeFileSync(join(root, 'tsconfig.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const x = () => join(root, 'libs', 'x', 'src', 'x.ts');

  it('changes when a source is edited, even to the same size and with an older modification time', () => {
    const before = fingerprint(root);
    expect(fingerprint(root)).toBe(before);
    const { atime, mtime } = statSync(x());
    writeFileSync(x(), 'export const x = 2;\n');
    utimesSync(x(), atime, new Date(mtime.getTime() - 60_000));
    expect(fingerprint(root)).not.toBe(before);
  });

  it('changes when a source is added or deleted, or a compiler setting changes', () => {
    let last = fingerprint(root);
    const changed = (what: () => void) => {
      what();
      const now = fingerprint(root);
      expect(now).not.toBe(last);
      last = now;
    };
    changed(() => writeFileSync(join(root, 'libs', 'x', 'src', 'y.ts'), 'export const y = 1;\n'));
    changed(() => rmSync(x()));
    changed(() => writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": {} }'));
  });

  it('ignores specs, which the build leaves out', () => {
    const before = fingerprint(root);
    writeFileSync(join(root, 'libs', 'x', 'src', 'x.spec.ts'), 'it("x", () => undefined);\n');
    expect(fingerprint(root)).toBe(before);
  });
});
