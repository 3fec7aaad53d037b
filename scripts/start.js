// `npm start`: serves the API from dist/, compiling first only when dist/ is not current (the
// sources changed since the last build, or it was never built): see scripts/build.js.
'use strict';
const { join } = require('node:path');
const { build, isCurrent } = require('./build');

const ROOT = join(__dirname, '..');

/** One start-up line in the server log's own shape (libs/platform/src/logging/log-line.ts). */
function note(msg) {
  if (!['info', 'debug', undefined, ''].includes(process.env.LOG_LEVEL)) return;
  const time = new Date().toISOString();
  process.stdout.write(
    process.env.LOG_FORMAT === 'pretty'
      ? `${time} INFO  [Start] ${msg}\n`
      : `${JSON.stringify({ level: 'info', time, context: 'Start', msg })}\n`,
  );
}

if (isCurrent()) {
  note('dist/ is current: starting without compiling');
} else {
  note('dist/ is missing or older than the sources: compiling (swc, scripts/build.js) before starting');
  const code = build();
  if (code !== 0) process.exit(code);
}

// What `node -r tsconfig-paths/register dist/apps/api/main.js` does, in this process.
process.env.TS_NODE_BASEURL = join(ROOT, 'dist');
process.env.TS_NODE_PROJECT ??= join(ROOT, 'tsconfig.json');
require('tsconfig-paths/register');
require(join(ROOT, 'dist', 'apps', 'api', 'main.js'));
