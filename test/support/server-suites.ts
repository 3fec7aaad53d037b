/**
 * A suite that needs a server the run does not have: registered skipped, titled with the variable
 * that would run it, so the run's summary names it (test/support/skipped-suites-reporter.js).
 */
export function skippedWithout(variable: string, what: string): void {
  describe.skip(`${what} (set ${variable} to run it)`, () => {
    it('runs against the server', () => undefined);
  });
}
