/**
 * Architecture boundaries (docs/architecture.md, "Boundaries"): dependency-cruiser checks apps/ and libs/
 * against the rules of .dependency-cruiser.js. A second test cruises a fixture tree that breaks every
 * rule, so a rule that stopped matching (a typo in a regex, a broken alias) fails here too.
 *
 * Speed: both cruises start together (two processes), so the file takes as long as the longer one;
 * each keeps dependency-cruiser's cache (node_modules/.cache/dependency-cruiser/, keyed by the files'
 * contents, so a changed, added or deleted file and a changed rule set are cruised again) and a
 * run over an unchanged tree skips parsing it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.js');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const FIXTURES = join(__dirname, 'fixtures');
const CACHE = join(ROOT, 'node_modules', '.cache', 'dependency-cruiser');
/** The tests wait for the depcruise processes, which end by themselves: this only stops a hung one. */
const HANG_GUARD_MS = 10 * 60_000;

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
}

interface RuleConfig {
  name: string;
  comment: string;
}

const rules = (require(CONFIG) as { forbidden: RuleConfig[] }).forbidden;

/** Runs the depcruise CLI in `cwd` over apps/ and libs/ with the repository's ruleset; resolves to its violations. */
function cruise(cwd: string, cache: string): Promise<Violation[]> {
  const args = [
    DEPCRUISE,
    '--config',
    CONFIG,
    '--output-type',
    'json',
    '--cache',
    join(CACHE, cache),
    '--cache-strategy',
    'content',
    'apps',
    'libs',
  ];
  return new Promise((resolve, reject) => {
    // depcruise exits non-zero when it finds violations: the JSON on stdout is the answer either way.
    execFile(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        resolve((JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations);
      } catch {
        reject(new Error(`dependency-cruiser did not run (exit ${error?.code ?? 0}):\n${stderr}${error ?? ''}`));
      }
    });
  });
}

/**
 * `../../../node_modules/@nestjs/common/index.js` → `npm:@nestjs/common`: package paths differ by cwd and version (and
 * by where node_modules really is: a git worktree's may be a link to another checkout's).
 */
const target = (to: string): string => to.replace(/^(.*\/)?node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, 'npm:$2');

const describeViolations = (violations: Violation[]): string => {
  const lines = violations.map((v) => `  ${v.rule.name}: ${v.from} → ${v.to}`);
  const broken = [...new Set(violations.map((v) => v.rule.name))];
  const why = broken.map((name) => `  ${name}: ${rules.find((r) => r.name === name)?.comment ?? ''}`);
  return [...lines, '', 'Why:', ...why, '', 'Run `npx depcruise apps libs` to check by hand.'].join('\n');
};

describe('architecture boundaries', () => {
  let repository: Promise<Violation[]>;
  let fixtures: Promise<Violation[]>;
  beforeAll(() => {
    repository = cruise(ROOT, 'repository');
    fixtures = cruise(FIXTURES, 'fixtures');
    // Awaited by the tests; a rejection before then is not an unhandled one.
    repository.catch(() => undefined);
    fixtures.catch(() => undefined);
  });

  it(
    'apps/ and libs/ break none of the rules of .dependency-cruiser.js',
    async () => {
      const violations = await repository;
      if (violations.length > 0) {
        throw new Error(`${violations.length} architecture boundary violation(s):\n${describeViolations(violations)}`);
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'each rule reports exactly the violations planted for it in the fixture tree',
    async () => {
      const found = (await fixtures)
        .map((v) => ({ rule: v.rule.name, from: v.from, to: target(v.to) }))
        .sort((a, b) => a.rule.localeCompare(b.rule) || a.from.localeCompare(b.from));

      expect(found).toEqual([
        { rule: 'apps-through-public-index', from: 'apps/demo/main.ts', to: 'libs/demo/src/application/service.ts' },
        // Pure domain code, by its domain/ folder and by its suffix anywhere in src/.
        { rule: 'domain-and-kernel-no-packages', from: 'libs/demo/src/domain/bad.ts', to: 'npm:@nestjs/common' },
        { rule: 'domain-and-kernel-no-packages', from: 'libs/demo/src/widgets/widget.domain.ts', to: 'npm:@nestjs/common' },
        { rule: 'domain-no-node-builtins', from: 'libs/demo/src/domain/io.ts', to: 'fs' },
        { rule: 'domain-no-node-builtins', from: 'libs/demo/src/widgets/clock.domain.ts', to: 'fs' },
        { rule: 'domain-only-kernel-and-own-domain', from: 'libs/demo/src/domain/leak.ts', to: 'libs/demo/src/application/service.ts' },
        {
          rule: 'domain-only-kernel-and-own-domain',
          from: 'libs/demo/src/widgets/widget.decider.ts',
          to: 'libs/demo/src/widgets/widget-writer.ts',
        },
        { rule: 'kernel-only-node-crypto', from: 'libs/kernel/src/clock.ts', to: 'fs' },
        { rule: 'kernel-self-contained', from: 'libs/kernel/src/uses-platform.ts', to: 'libs/platform/src/index.ts' },
        { rule: 'libs-not-to-apps', from: 'libs/demo/src/application/y.ts', to: 'apps/demo/main.ts' },
        { rule: 'no-cycle-between-contexts', from: 'libs/demo/src/application/uses-other.ts', to: 'libs/other/src/index.ts' },
        {
          rule: 'no-deep-import-into-another-lib',
          from: 'libs/other/src/application/converts.ts',
          to: 'libs/content/src/documents/convert.domain.ts',
        },
        { rule: 'no-deep-import-into-another-lib', from: 'libs/other/src/application/x.ts', to: 'libs/demo/src/domain/bad.ts' },
        { rule: 'no-import-from-test-dir', from: 'libs/demo/src/application/uses-test.ts', to: 'test/support/helper.ts' },
        { rule: 'no-test-code-in-production', from: 'libs/demo/src/application/tooling.ts', to: 'npm:fast-check' },
        { rule: 'no-unresolvable', from: 'libs/demo/src/application/missing.ts', to: './deleted-file' },
        { rule: 'published-events-type-only', from: 'libs/other/src/application/runs-demo-events.ts', to: 'libs/demo/src/events.ts' },
        { rule: 'shared-libs-import-no-context', from: 'libs/platform/src/registry.ts', to: 'libs/demo/src/index.ts' },
      ]);
      // Every rule of the ruleset is proven by the fixture tree.
      expect([...new Set(found.map((v) => v.rule))]).toEqual(rules.map((r) => r.name).sort());
    },
    HANG_GUARD_MS,
  );
});
