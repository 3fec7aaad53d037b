// Starts the e2e host (app-host.ts) from the TypeScript sources, as jest runs them: @swc/core
// compiles each .ts file on require (cached on disk by content), and the `@docs/<lib>` aliases map
// to libs/<lib>/src as jest's moduleNameMapper does. No build needed, nothing stale.
'use strict';
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
const swc = require('@swc/core');

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'docs-e2e-host');
const OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const VERSION = `${swc.version ?? ''}:${JSON.stringify(OPTIONS)}`;
fs.mkdirSync(CACHE, { recursive: true });

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const key = createHash('sha1').update(VERSION).update(filename).update(source).digest('hex');
  const cached = path.join(CACHE, `${key}.js`);
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    code = swc.transformSync(source, { ...OPTIONS, filename }).code;
    const temporary = `${cached}.${process.pid}`;
    fs.writeFileSync(temporary, code);
    fs.renameSync(temporary, cached);
  }
  module._compile(code, filename);
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const alias = /^@docs\/([a-z-]+)(?:\/(.+))?$/.exec(request);
  if (alias) request = path.join(ROOT, 'libs', alias[1], 'src', alias[2] ?? '');
  return resolve.call(this, request, ...rest);
};

require('./app-host.ts');
