// One jest run covers unit (*.spec.ts beside the code), contract (test/contract) and e2e (test/e2e) suites.
// NestJS 12 and a few of its dependencies ship ES modules only; swc turns them into CommonJS for jest.
const { availableParallelism } = require('node:os');

const esmOnly = [
  '@nestjs',
  'fractional-indexing',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  'cookie',
  'light-my-request',
  'jose',
];
module.exports = {
  rootDir: __dirname,
  // Node's, plus a loader of large generated modules once per worker (test/support/node-environment.js).
  testEnvironment: '<rootDir>/test/support/node-environment.js',
  testMatch: [
    '<rootDir>/libs/**/*.spec.ts',
    '<rootDir>/apps/**/*.spec.ts',
    '<rootDir>/test/**/*.spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
  ],
  // The fixture tree of the architecture test breaks the boundaries on purpose; it is cruised, never run.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/architecture/fixtures/'],
  transform: {
    '^.+\\.(t|j)s$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@docs/([a-z-]+)$': '<rootDir>/libs/$1/src',
    // Each lib's test helpers (decider and projection specifications), each context's published events
    // and its projections (what the operator CLI loads without the context's HTTP layer).
    '^@docs/([a-z-]+)/(testing|events|projections)$': '<rootDir>/libs/$1/src/$2',
    // Content's GitBook document converter (@docs/content/documents), for the contexts that answer documents.
    '^@docs/content/documents$': '<rootDir>/libs/content/src/documents',
    // The API token lifecycle for the operator CLI (@docs/organizations/tokens), without the context's HTTP layer.
    '^@docs/organizations/tokens$': '<rootDir>/libs/organizations/src/tokens',
    // The platform's narrow entry points (@docs/platform/projections, @docs/platform/stores).
    '^@docs/platform/(.+)$': '<rootDir>/libs/platform/src/$1',
  },
  // One and a half workers per core (3 on 2 cores; jest's default leaves one core free: a single
  // worker on 2). An e2e worker and its host take turns (request, answer), so one worker per core left
  // some 30% of this 2-core machine's CPU idle (docs/performance.md, issue #24).
  maxWorkers: Math.max(1, Math.round(availableParallelism() * 1.5)),
  // Only a guard against a hang: tests wait for what they wait for (an answer, a projection, a
  // process), never for a wall-clock guess, so a busy machine makes them slower, never red.
  testTimeout: 300_000,
  // Property tests stop at half of that, with their counterexample so far (test/support/fast-check-setup.js).
  setupFiles: ['<rootDir>/test/support/fast-check-setup.js'],
  // e2e suites talk to one application host per worker (test/e2e/support/host): named here, stopped at the end.
  globalSetup: '<rootDir>/test/support/e2e-hosts-setup.js',
  globalTeardown: '<rootDir>/test/support/e2e-hosts-teardown.js',
  // After the summary, the suites skipped for want of a server, and the variable each needs.
  reporters: ['default', '<rootDir>/test/support/skipped-suites-reporter.js'],
};
