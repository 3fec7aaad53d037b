import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { skippedSuites } = require('./skipped-suites-reporter') as { skippedSuites: (root: string, results: unknown) => string[] };

describe('skipped suites reporter', () => {
  it('names each skipped suite once, with its file', () => {
    const root = '/repo';
    const results = {
      testResults: [
        {
          testFilePath: join(root, 'test/contract/read-store.contract.spec.ts'),
          testResults: [
            { status: 'passed', ancestorTitles: ['read store contract: sqlite'] },
            { status: 'pending', ancestorTitles: ['the MongoDB adapter (set MONGO_URL to run it)'] },
            { status: 'pending', ancestorTitles: ['the MongoDB adapter (set MONGO_URL to run it)', 'inner'] },
          ],
        },
        { testFilePath: join(root, 'test/e2e/a.e2e-spec.ts'), testResults: [{ status: 'passed', ancestorTitles: ['a'] }] },
      ],
    };
    expect(skippedSuites(root, results)).toEqual([
      'test/contract/read-store.contract.spec.ts: the MongoDB adapter (set MONGO_URL to run it)',
    ]);
  });
});
