/**
 * Architecture boundaries (docs/architecture.md, "Boundaries"): dependency-cruiser checks apps/ and libs/
 * against the rules of .dependency-cruiser.js. A second test cruises a fixture tree that breaks every
 * rule once, so a rule that stopped matching (a typo in a regex, a broken alias) fails here too.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.js');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const FIXTURES = join(__dirname, 'fixtures');

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

/** Runs the depcruise CLI in `cwd` over apps/ and libs/ with the repository's ruleset; returns its violations. */
function cruise(cwd: string): Violation[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', 'apps', 'libs'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  let result: { summary: { violations: Violation[] } };
  try {
    result = JSON.parse(run.stdout);
  } catch {
    throw new Error(`dependency-cruiser did not run (exit ${run.status}):\n${run.stderr}${run.error ?? ''}`);
  }
  return result.summary.violations;
}

/** `../../../node_modules/@nestjs/common/index.js` → `npm:@nestjs/common`: package paths differ by cwd and version. */
const target = (to: string): string => to.replace(/^(\.\.\/)*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, 'npm:$2');

const describeViolations = (violations: Violation[]): string => {
  const lines = violations.map((v) => `  ${v.rule.name}: ${v.from} → ${v.to}`);
  const broken = [...new Set(violations.map((v) => v.rule.name))];
  const why = broken.map((name) => `  ${name}: ${rules.find((r) => r.name === name)?.comment ?? ''}`);
  return [...lines, '', 'Why:', ...why, '', 'Run `npx depcruise apps libs` to check by hand.'].join('\n');
};

describe('architecture boundaries', () => {
  it('apps/ and libs/ break none of the rules of .dependency-cruiser.js', () => {
    const violations = cruise(ROOT);
    if (violations.length > 0) {
      throw new Error(`${violations.length} architecture boundary violation(s):\n${describeViolations(violations)}`);
    }
  });

  it('each rule reports exactly the violation planted for it in the fixture tree', () => {
    const found = cruise(FIXTURES)
      .map((v) => ({ rule: v.rule.name, from: v.from, to: target(v.to) }))
      .sort((a, b) => (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));

    expect(found).toEqual([
      { rule: 'apps-through-public-index', from: 'apps/demo/main.ts', to: 'libs/demo/src/application/service.ts' },
      { rule: 'domain-and-kernel-no-packages', from: 'libs/demo/src/domain/bad.ts', to: 'npm:@nestjs/common' },
      { rule: 'domain-no-node-builtins', from: 'libs/demo/src/domain/io.ts', to: 'fs' },
      { rule: 'domain-only-kernel-and-own-domain', from: 'libs/demo/src/domain/leak.ts', to: 'libs/demo/src/application/service.ts' },
      { rule: 'kernel-only-node-crypto', from: 'libs/kernel/src/clock.ts', to: 'fs' },
      { rule: 'kernel-self-contained', from: 'libs/kernel/src/uses-platform.ts', to: 'libs/platform/src/index.ts' },
      { rule: 'libs-not-to-apps', from: 'libs/demo/src/application/y.ts', to: 'apps/demo/main.ts' },
      { rule: 'no-deep-import-into-another-lib', from: 'libs/other/src/application/x.ts', to: 'libs/demo/src/domain/bad.ts' },
      { rule: 'no-import-from-test-dir', from: 'libs/demo/src/application/uses-test.ts', to: 'test/support/helper.ts' },
      { rule: 'no-test-code-in-production', from: 'libs/demo/src/application/tooling.ts', to: 'npm:fast-check' },
      { rule: 'no-unresolvable', from: 'libs/demo/src/application/missing.ts', to: './deleted-file' },
      { rule: 'shared-libs-import-no-context', from: 'libs/platform/src/registry.ts', to: 'libs/demo/src/index.ts' },
    ]);
    // Every rule of the ruleset is proven by the fixture tree.
    expect([...new Set(found.map((v) => v.rule))]).toEqual(rules.map((r) => r.name).sort());
  });
});
