// jest's test environment: Node's, plus `loadOncePerWorker(file)`, which loads a module with Node's
// own require, once per worker process, where jest's module registry loads it again for every test
// file. Only for large generated code that keeps no state: the module of a document's compiled
// validators (test/e2e/support/compiled-validators.ts), some 0.18 CPU-s a load for GitBook's.
'use strict';
const { TestEnvironment } = require('jest-environment-node');

const loaded = new Map();

function loadOncePerWorker(file) {
  if (!loaded.has(file)) loaded.set(file, require(file));
  return loaded.get(file);
}

module.exports = class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.loadOncePerWorker = loadOncePerWorker;
  }
};
