// `npm run test:browser`: the browser tier (test/browser/*.browser-spec.ts), which drives a real
// chromium over served sites. Its own config so that `npm test` never runs it; it reuses jest.config.js's
// transform and module names. Each suite starts its application in its own process (no e2e hosts).
const base = require('./jest.config');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleNameMapper: base.moduleNameMapper,
  setupFiles: base.setupFiles,
  testTimeout: base.testTimeout,
  // One browser at a time: chromium is heavy on a shared 2-core machine.
  maxWorkers: 1,
};
