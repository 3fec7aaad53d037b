import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret kept in the file `file` of DATA_DIR (mode 0600): the file's, when it exists, else a
 * random one generated and written there, so it survives a restart. `read` turns the file's text
 * into the secret (default: trimmed) and may refuse it by throwing.
 */
export function dataDirSecret(dataDir: string, file: string, read: (text: string) => string = (text) => text.trim()): string {
  const path = join(dataDir, file);
  try {
    return read(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // `wx`: when two processes start together, the first one's secret wins and the other reads it.
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read(readFileSync(path, 'utf8'));
  }
}
