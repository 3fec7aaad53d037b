import { CONTRACT_OPERATIONS, CONTRACT_OVER_GITBOOK, SUITE_SECTIONS } from './gitbook-client-driver';
import { gitbookOperation, gitbookOperationIdAt } from './gitbook-schema';

/** The GitBook client suites (test/e2e/platform/gitbook-*.e2e-spec.ts) share the contract's operations out between them. */
describe('the contract operations the GitBook client suites drive', () => {
  it('are the 125 of docs/contract/operations.json', () => {
    expect(CONTRACT_OPERATIONS).toHaveLength(125);
  });

  it('every section of the contract is driven by exactly one suite', () => {
    const assigned = Object.values(SUITE_SECTIONS).flat();
    expect(new Set(assigned).size).toBe(assigned.length);
    expect([...assigned].sort()).toEqual([...new Set(CONTRACT_OPERATIONS.map((op) => op.section))].sort());
  });

  it('names its exceptions by operations GitBook has, all in the contract', () => {
    for (const operationId of CONTRACT_OVER_GITBOOK.keys()) {
      const route = gitbookOperation(operationId);
      expect(route).toBeDefined();
      expect(CONTRACT_OPERATIONS.some((op) => gitbookOperationIdAt(op.method, op.path) === operationId)).toBe(true);
    }
  });
});
