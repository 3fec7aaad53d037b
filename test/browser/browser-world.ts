import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's chromium (or CHROMIUM_PATH): the browser tier never downloads one. */
export const chromiumPath = (): string | undefined =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));

/** `describe`, or `describe.skip` with the reason printed once, when no chromium is installed. */
export function describeWithChromium(name: string, body: () => void): void {
  if (chromiumPath()) {
    describe(name, body);
    return;
  }
  process.stderr.write(
    `browser tier skipped: no chromium (set CHROMIUM_PATH, or install Debian's: apt-get install -y chromium): ${name}\n`,
  );
  describe.skip(name, body);
}

export function launchChromium(): Promise<Browser> {
  // --no-sandbox: CI runs as root in a container, where chromium's sandbox cannot start.
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
}

/** A page that records its console errors and uncaught exceptions in `errors`. */
export async function watchedPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical axe-core violations of the page at `url`. The site's CSP allows no script
 * but its own file (the copy button's), so the audit runs in a context of its own that bypasses CSP
 * (`bypassCSP`), only for axe.
 */
export async function seriousViolations(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<AxeViolation[]> {
  const context = await browser.newContext({ ...options, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = await page.evaluate(async () => {
      const result = await (globalThis as any).axe.run((globalThis as any).document);
      return result.violations as AxeViolation[];
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
  } finally {
    await context.close();
  }
}
