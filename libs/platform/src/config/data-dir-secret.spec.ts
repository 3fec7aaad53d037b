import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDirSecret } from './data-dir-secret';

describe('dataDirSecret', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'secret-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('generates a secret on first use, keeps it in the file (mode 0600) and reads it back', () => {
    const dataDir = join(root, 'data');
    const secret = dataDirSecret(dataDir, 'the-secret');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'the-secret'), 'utf8')).toBe(`${secret}\n`);
    expect(statSync(join(dataDir, 'the-secret')).mode & 0o777).toBe(0o600);
    expect(dataDirSecret(dataDir, 'the-secret')).toBe(secret);
  });

  it('reads the file through `read`, which may refuse it', () => {
    writeFileSync(join(root, 'short'), ' abc \n');
    expect(dataDirSecret(root, 'short')).toBe('abc');
    expect(() =>
      dataDirSecret(root, 'short', () => {
        throw new Error('no usable secret');
      }),
    ).toThrow('no usable secret');
  });
});
