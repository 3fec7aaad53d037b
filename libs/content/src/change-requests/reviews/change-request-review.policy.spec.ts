import { ROLES } from '@docs/kernel';
import { requireReviewer } from './change-request-review.policy';

const outcome = (run: () => void): string => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as { kind: string }).kind;
  }
};

describe('who may review a change request', () => {
  it.each(ROLES)('%s: the review role or more without a request; any role that sees the space with one', (role) => {
    const strong = ['admin', 'create', 'review'].includes(role);
    expect(outcome(() => requireReviewer({ role, author: false, requested: false }, 'approved'))).toBe(strong ? 'ok' : 'forbidden');
    expect(outcome(() => requireReviewer({ role, author: false, requested: true }, 'approved'))).toBe('ok');
    expect(outcome(() => requireReviewer({ role, author: true, requested: true }, 'approved'))).toBe('forbidden');
    expect(outcome(() => requireReviewer({ role, author: true, requested: true }, 'changes-requested'))).toBe('ok');
  });

  it('never reveals the space to a caller who cannot see it, requested or not', () => {
    for (const requested of [false, true])
      expect(outcome(() => requireReviewer({ role: null, author: false, requested }, 'changes-requested'))).toBe('not_found');
  });
});
