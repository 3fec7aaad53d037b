// Architecture boundaries, checked by `npm test` (test/architecture/boundaries.spec.ts).
// Run by hand: `npx depcruise apps libs` (add `--output-type text` for every dependency).
//
// Paths are relative to the directory depcruise runs in (the repo root, or the fixture tree of the
// boundaries test), so every rule is written over `libs/<lib>/src/...` and `apps/...`.
// `libs/kernel` and `libs/platform` are shared libraries; every other `libs/<context>` is a
// bounded context (organizations, content, collaboration, sites, integrations, ...).

/** Test code: spec files and `testing/` folders. They may use test tooling; every other rule applies to them. */
const TEST_CODE = ['\\.(e2e-)?spec\\.ts$', '/testing/'];
/** Packages that only test code may import. */
const TEST_TOOLING = '(^|/)node_modules/(jest|jest-[^/]+|@jest/[^/]+|@types/jest|@swc/jest|fast-check|@nestjs/testing|supertest)/';
// Pure computation libraries domain code may use: no I/O, no framework, no global state. Each one
// is here on purpose (three-way text merge for change requests, order keys for moves, markdown parsing for links,
// YAML front matter in the git layout).
const PURE_LIBRARIES = '(^|/)node_modules/(node-diff3|fractional-indexing|markdown-it|js-yaml)/';
const NODE_MODULES = '(^|/)node_modules/';
/** Code of this repository (as opposed to node_modules and node builtins). */
const PROJECT = '^(apps|libs|test)/';
const SHARED_LIBS = '^libs/(kernel|platform)/src/';
/**
 * A file of pure domain code, by its folder or its suffix (its spec beside it counts too), or a
 * context's audit catalog (`src/audit-catalog.ts`: labels of its events, built with the kernel's
 * auditCatalog) (docs/writing-a-context.md).
 */
const PURE_FILE = '(domain/|events\\.ts$|audit-catalog\\.ts$|.*[^/]\\.(decider|events|policy|domain)(\\.spec)?\\.ts$)';
/**
 * Pure domain code of a context (group 1: the context): the old `src/domain/` folders, the type-only
 * published events (`src/events.ts`), and `*.decider.ts`, `*.events.ts`, `*.policy.ts`, `*.domain.ts`
 * anywhere in a feature folder. The kernel and the platform are no context.
 */
const DOMAIN = `^libs/(?!kernel/|platform/)([^/]+)/src/${PURE_FILE}`;
/** A context's pure domain code, as a `to` of a rule whose `from` captured the context in group 1. */
const OWN_DOMAIN = `^libs/$1/src/${PURE_FILE}`;
/** The code of one bounded context (group 1: the context). */
const CONTEXT = '^libs/(?!kernel/|platform/)([^/]+)/src/';
/** A context's published language: its type-only events entry point (`@docs/<context>/events`). */
const PUBLISHED_EVENTS = '^libs/(?!kernel/|platform/)[^/]+/src/events\\.ts$';
const KERNEL = '^libs/kernel/src/';
/**
 * The platform's narrow entry points besides its index: the projection kit (no framework), opening the stores (no Nest),
 * what a tool working on the stores needs (`@docs/platform/operations`, no framework) and the write kit (`@docs/platform/write`).
 */
const PLATFORM_ENTRY_POINTS = '^libs/platform/src/(projections/index|stores|operations|write/index)\\.ts$';
const KERNEL_TESTING = '^libs/kernel/src/testing/';
/**
 * A context's narrow entry points besides its index and events: pure code other contexts may run
 * without loading the context (content's GitBook document converter, `@docs/content/documents`).
 */
const CONTEXT_ENTRY_POINTS = '^libs/content/src/documents/index\\.ts$';
/**
 * A context's entry points for the apps besides its index: its projections (`@docs/<context>/projections`: what
 * apps/api/projections.ts composes, so the operator CLI loads them without the context's HTTP layer) and the API
 * token lifecycle (`@docs/organizations/tokens`, for the CLI).
 */
const APP_ENTRY_POINTS = ['^libs/(?!kernel/|platform/)[^/]+/src/projections\\.ts$', '^libs/organizations/src/tokens\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // 1. Domain code and the kernel are pure.
    {
      name: 'domain-only-kernel-and-own-domain',
      severity: 'error',
      comment:
        'Domain code (libs/<context>/src/domain, src/events.ts, and *.decider.ts, *.events.ts, *.policy.ts, *.domain.ts in ' +
        'a feature folder) is the pure decision logic of its context: it may import the kernel (@docs/kernel) and pure ' +
        'files of its own context only. Use cases, writers, projections, HTTP, the platform, other contexts and apps ' +
        'depend on the domain, never the other way round.',
      from: { path: DOMAIN },
      to: { path: PROJECT, pathNot: [KERNEL, OWN_DOMAIN] },
    },
    {
      name: 'domain-and-kernel-no-packages',
      severity: 'error',
      comment:
        'Domain code and the kernel import no package at all (no @nestjs, rxjs, mongodb, better-sqlite3, @eventstore, ' +
        'fastify, class-validator, ...), except the pure computation libraries of PURE_LIBRARIES: ' +
        'deciders stay framework- and storage-free, so they run and are tested without ' +
        'infrastructure and outlive a change of framework or store. Their spec files may use test tooling (jest, fast-check).',
      from: { path: [DOMAIN, KERNEL], pathNot: KERNEL_TESTING },
      to: { path: NODE_MODULES, pathNot: [TEST_TOOLING, PURE_LIBRARIES] },
    },
    {
      name: 'domain-no-node-builtins',
      severity: 'error',
      comment:
        'Domain code does no I/O and imports no node builtin (fs, net, http, child_process, ...): deciders are pure ' +
        'functions of state and command. What it needs from node (hashing, ids) comes from the kernel.',
      from: { path: DOMAIN },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'kernel-only-node-crypto',
      severity: 'error',
      comment:
        'The kernel (libs/kernel/src, apart from testing/) is the domain-safe base every domain imports; its only ' +
        'builtin is node:crypto (ids, hashes). No I/O.',
      from: { path: KERNEL, pathNot: KERNEL_TESTING },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?crypto$' },
    },
    {
      name: 'kernel-self-contained',
      severity: 'error',
      comment:
        'The kernel imports only its own files: it sits below the platform and every context, so any import of ' +
        'theirs would be a cycle and would drag framework code into the domain.',
      from: { path: KERNEL, pathNot: KERNEL_TESTING },
      to: { path: PROJECT, pathNot: KERNEL },
    },

    // 2. Libraries talk through their public index.
    {
      name: 'no-deep-import-into-another-lib',
      severity: 'error',
      comment:
        'A lib imports another lib (a context, the platform or the kernel) only through its public index ' +
        '(libs/<other>/src/index.ts, i.e. `@docs/<other>`) or its published events (libs/<other>/src/events.ts, ' +
        '`@docs/<other>/events`), or the platform\'s narrow entry points (`@docs/platform/projections`, ' +
        '`@docs/platform/stores`, `@docs/platform/operations`, `@docs/platform/write`), or a context\'s ' +
        '(`@docs/content/documents`, the pure GitBook document converter), so each one can change its insides freely. ' +
        "Test code may also use the other lib's testing/ folder.",
      from: { path: '^libs/([^/]+)/src/' },
      to: {
        path: '^libs/[^/]+/src/',
        pathNot: [
          '^libs/$1/src/',
          '^libs/[^/]+/src/index\\.ts$',
          PUBLISHED_EVENTS,
          PLATFORM_ENTRY_POINTS,
          CONTEXT_ENTRY_POINTS,
          '^libs/[^/]+/src/testing/',
        ],
      },
    },
    {
      name: 'published-events-type-only',
      severity: 'error',
      comment:
        "Another context's published events (`@docs/<other>/events`) are imported as types only (`import type { ... }`): " +
        'they are the language its events are written in, not code to run, so following them never loads that context.',
      from: { path: '^libs/([^/]+)/src/' },
      to: { path: PUBLISHED_EVENTS, pathNot: '^libs/$1/src/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-cycle-between-contexts',
      severity: 'error',
      comment:
        'Contexts depend on each other one way: an import cycle that leaves a context and comes back to it (content ' +
        'importing collaboration, which imports content) ties them into one, neither buildable nor testable alone. ' +
        "Follow the other way round through its published events: `import type` from `@docs/<other>/events` never " +
        'closes a cycle, since those files are pure and import no context.',
      from: { path: CONTEXT },
      to: { circular: true, viaSomeNot: '^libs/$1/src/' },
    },
    {
      name: 'shared-libs-import-no-context',
      severity: 'error',
      comment:
        'libs/platform and libs/kernel are shared by every bounded context and import none of them: a context plugs into ' +
        'the platform (modules, projections, controllers), never the other way round.',
      from: { path: SHARED_LIBS },
      to: { path: '^libs/[^/]+/src/', pathNot: SHARED_LIBS },
    },
    {
      name: 'apps-through-public-index',
      severity: 'error',
      comment:
        'Entry points (apps/*) compose the libs through their public index (`@docs/<lib>`), never their insides; the ' +
        'operator CLI (and the projections list it shares with the server) uses the narrow entry points instead, which ' +
        "load no HTTP layer: `@docs/<context>/projections`, `@docs/organizations/tokens`, the platform's.",
      from: { path: '^apps/' },
      to: {
        path: '^libs/[^/]+/src/',
        pathNot: ['^libs/[^/]+/src/index\\.ts$', '^libs/[^/]+/src/testing/', PLATFORM_ENTRY_POINTS, ...APP_ENTRY_POINTS],
      },
    },

    // 3. Layers: apps on top, test/ outside.
    {
      name: 'libs-not-to-apps',
      severity: 'error',
      comment: 'Libs never import apps: apps are the entry points that compose the libs.',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-import-from-test-dir',
      severity: 'error',
      comment:
        'Code under libs/ and apps/ (their specs included) never imports test/ (e2e, contract, bench suites and their ' +
        'support): test/ depends on the code, not the reverse. Shared test helpers belong in a testing/ folder of a lib.',
      from: { path: '^(apps|libs)/' },
      to: { path: '^test/' },
    },

    // 4. Test code stays out of production code.
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment:
        'Only spec files and testing/ folders may import test tooling (jest, fast-check, @nestjs/testing, ...), spec ' +
        'files or testing/ helpers; the build excludes them, so production code that imports them breaks at run time.',
      from: { path: '^(apps|libs)/', pathNot: TEST_CODE },
      to: { path: [TEST_TOOLING, ...TEST_CODE] },
    },

    // Guard rail: an import no one can resolve (a broken alias) would slip through every path rule above.
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment:
        'Every import must resolve (tsconfig.json paths for @docs/*, node_modules for packages); an unresolved one ' +
        'is a bug, and the rules above could not see where it points.',
      from: { path: '^(apps|libs)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^test/architecture/fixtures/'] },
    // Type-only imports (`import type`, imports used only in types) count too.
    tsPreCompilationDeps: true,
    // Resolves the @docs/* aliases.
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages that publish only through package.json `exports` (node-diff3) resolve as node requires them.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'node', 'default'] },
  },
};
