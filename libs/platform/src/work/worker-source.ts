/**
 * The code every work thread runs (eval'd, so it needs no file of its own in dist/). It loads a
 * task module by absolute path and calls one of its exports per message. Task modules are plain
 * TypeScript compiled to dist/ in production; under jest (the source tree, no build) the thread
 * compiles `.ts` files itself with @swc/core, a dev dependency. Both map the `@docs/<lib>` aliases
 * as tsconfig.json's paths do. Task modules should import only what the work needs (a domain
 * file, a parser), never a context's index or `@docs/platform` as a whole, so a thread starts fast.
 */
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const Module = require('node:module');
// @docs/<lib> and its entry points (@docs/<lib>/testing, @docs/<ctx>/events, @docs/content/documents),
// mapped as tsconfig.json's paths do, to the sources under jest and to dist/ otherwise: a process
// started without tsconfig-paths in its threads (npm start registers it in the main thread only)
// still finds them.
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const alias = /^@docs\\/([a-z-]+)(?:\\/([a-z-]+))?$/.exec(request);
  if (alias) request = path.join(workerData.root, 'libs', alias[1], 'src', alias[2] || '');
  return resolve.call(this, request, ...rest);
};
if (workerData.typescript) {
  const fs = require('node:fs');
  const swc = require(workerData.swc);
  const options = {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  };
  require.extensions['.ts'] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename });
    module._compile(code, filename);
  };
}
// The thread's Linux id, so that the pool can read the CPU time it runs (thread-cpu.ts); none off Linux.
let tid = null;
try { tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); } catch {}
parentPort.postMessage({ tid: Number.isSafeInteger(tid) ? tid : null });
const modules = new Map();
function taskModule(file) {
  let loaded = modules.get(file);
  if (!loaded) modules.set(file, (loaded = require(file)));
  return loaded;
}
parentPort.on('message', async ({ id, module, task, input }) => {
  try {
    const fn = taskModule(module)[task];
    if (typeof fn !== 'function') throw new Error('no task ' + task + ' in ' + module);
    const output = await fn(input);
    const whole = output instanceof Uint8Array && output.byteOffset === 0 && output.byteLength === output.buffer.byteLength;
    const transfer = whole ? [output.buffer] : [];
    parentPort.postMessage({ id, ok: true, output }, transfer);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    let details;
    try { details = e.details === undefined ? undefined : structuredClone(e.details); } catch { details = undefined; }
    parentPort.postMessage({ id, ok: false, name: e.name, message: String(e.message).slice(0, 2000), details });
  }
});
`;
