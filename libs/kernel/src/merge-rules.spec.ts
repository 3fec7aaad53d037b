import { effectiveMergeRules, mergeRulesErrors, mergeRulesOf, mergeRuleUsers, sameMergeRules } from './merge-rules';

describe('mergeRulesErrors', () => {
  it('takes none, rules and (for spaces) inherit', () => {
    expect(mergeRulesErrors({ type: 'none' }, 'mergeRules', false)).toEqual([]);
    expect(mergeRulesErrors({ type: 'inherit' }, 'mergeRules', true)).toEqual([]);
    const rules = {
      type: 'rules',
      rules: [
        { rule: 'require_at_least_one_approved_review' },
        { rule: 'require_specific_reviewers', users: ['u1'] },
        { rule: 'allow_bypass', users: [] },
      ],
    };
    expect(mergeRulesErrors(rules, 'mergeRules', false)).toEqual([]);
  });

  it('names what is wrong, field by field', () => {
    expect(mergeRulesErrors({ type: 'inherit' }, 'mergeRules', false)).toEqual([
      'mergeRules must be an object whose type is none or rules',
    ]);
    expect(mergeRulesErrors(null, 'mergeRules', true)).toEqual(['mergeRules must be an object whose type is inherit, none or rules']);
    expect(mergeRulesErrors({ type: 'none', rules: [] }, 'mergeRules', false)).toEqual(['mergeRules: property rules should not exist']);
    expect(mergeRulesErrors({ type: 'rules' }, 'mergeRules', false)).toEqual(['mergeRules.rules must be an array of merge rules']);
    expect(
      mergeRulesErrors(
        {
          type: 'rules',
          rules: [
            'x',
            { rule: 'nope' },
            { rule: 'require_specific_reviewers' },
            { rule: 'require_one_of_specific_reviewers', users: [''] },
            { rule: 'require_at_least_one_review', users: ['u'] },
            { rule: 'custom', expression: 'true' },
          ],
        },
        'mergeRules',
        false,
      ),
    ).toEqual([
      'mergeRules.rules[0] must be an object { rule }',
      expect.stringMatching(/^mergeRules\.rules\[1\]\.rule must be one of require_specific_reviewers, /),
      'mergeRules.rules[2].users must be an array of user ids',
      'mergeRules.rules[3].users[0] must be a user id (1 to 64 characters)',
      'mergeRules.rules[4]: property users should not exist',
      'mergeRules.rules[5].rule: custom is not supported: custom expressions are not evaluated here',
    ]);
  });

  it('caps rules and users', () => {
    const many = { type: 'rules', rules: Array.from({ length: 21 }, () => ({ rule: 'require_at_least_one_review' })) };
    expect(mergeRulesErrors(many, 'mergeRules', false)).toEqual(['mergeRules.rules must contain at most 20 rules']);
    const crowd = { type: 'rules', rules: [{ rule: 'allow_bypass', users: Array.from({ length: 51 }, (_, i) => `u${i}`) }] };
    expect(mergeRulesErrors(crowd, 'mergeRules', false)).toEqual(['mergeRules.rules[0].users must contain at most 50 user ids']);
  });
});

describe('merge rules helpers', () => {
  it('compare, list users and resolve inherit', () => {
    const a = { type: 'rules' as const, rules: [{ rule: 'allow_bypass' as const, users: ['u1', 'u2'] }] };
    expect(sameMergeRules(a, mergeRulesOf({ ...a }))).toBe(true);
    expect(sameMergeRules(a, { type: 'none' })).toBe(false);
    expect(mergeRuleUsers({ type: 'rules', rules: [...a.rules, { rule: 'require_specific_reviewers', users: ['u2', 'u3'] }] })).toEqual([
      'u1',
      'u2',
      'u3',
    ]);
    expect(effectiveMergeRules({ type: 'inherit' }, a)).toBe(a);
    expect(effectiveMergeRules({ type: 'none' }, a)).toEqual({ type: 'none' });
  });
});
