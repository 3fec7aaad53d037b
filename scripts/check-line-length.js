// `npm run lint`, second step: no line of a .ts or .js file longer than 140 characters. Biome's
// formatter wraps code at 140 but leaves comments and strings as they are, so this catches those.
// Checks the files git tracks plus new ones it does not ignore; prints file:line: length for each
// offender and exits 1 if there is any. Usage: node scripts/check-line-length.js [max]
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const MAX = Number(process.argv[2] ?? 140);

const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.js'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
// A file moved or deleted in the work tree but not yet committed is still listed: skip it.
const files = [...new Set(listed.split('\0').filter(Boolean))].filter((file) => existsSync(join(ROOT, file)));

let offenders = 0;
for (const file of files) {
  const lines = readFileSync(join(ROOT, file), 'utf8').split(/\r?\n/);
  lines.forEach((line, i) => {
    // Characters, not UTF-16 units, so an emoji counts once.
    const length = [...line].length;
    if (length <= MAX) return;
    offenders += 1;
    console.log(`${file}:${i + 1}: ${length} characters`);
  });
}

if (offenders > 0) {
  console.error(`${offenders} line${offenders === 1 ? '' : 's'} longer than ${MAX} characters in ${files.length} files checked`);
  process.exit(1);
}
