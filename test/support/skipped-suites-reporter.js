// A jest reporter: after the run, names the suites that were skipped and why (their title says it,
// e.g. "the MongoDB adapter (set MONGO_URL to run it)"), so a green run never hides what it did not test.
const { relative } = require('node:path');

/** `file: suite title` of every skipped (pending) test's outermost suite, once each, in run order. */
function skippedSuites(rootDir, results) {
  const names = new Set();
  for (const file of results.testResults) {
    for (const test of file.testResults) {
      if (test.status === 'pending' && test.ancestorTitles.length > 0)
        names.add(`${relative(rootDir, file.testFilePath)}: ${test.ancestorTitles[0]}`);
    }
  }
  return [...names];
}

class SkippedSuitesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const names = skippedSuites(this.rootDir, results);
    if (names.length > 0) process.stderr.write(`\nSkipped suites:\n${names.map((n) => `  - ${n}`).join('\n')}\n`);
  }
}

module.exports = SkippedSuitesReporter;
module.exports.skippedSuites = skippedSuites;
