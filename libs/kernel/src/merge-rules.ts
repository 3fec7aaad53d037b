/**
 * GitBook's merge rules (`MergeRulesStandaloneConfiguration`, `MergeRulesSpaceConfiguration`): what
 * a change request needs before it may be merged. Organizations set them and spaces set or inherit
 * them (two contexts), so their vocabulary and the shape a request must have are defined once, here.
 */

/** Rules that name users (`users`: user ids). */
export const USER_MERGE_RULES = ['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass'] as const;
/** Rules that name nothing but themselves. */
export const PLAIN_MERGE_RULES = [
  'require_at_least_one_review',
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_up_to_date_change_request',
  'require_change_request_subject',
  'require_author_to_merge',
] as const;
/** GitBook's rules this server cannot evaluate, refused when set (the reason is the 400's). */
export const UNSERVED_MERGE_RULES: ReadonlyMap<string, string> = new Map([
  ['require_agent_review', 'this server has no review agent'],
  ['require_change_request_description', 'change requests here have a subject, no description'],
  ['custom', 'custom expressions are not evaluated here'],
]);

export type UserMergeRuleKind = (typeof USER_MERGE_RULES)[number];
export type PlainMergeRuleKind = (typeof PLAIN_MERGE_RULES)[number];
export type MergeRuleKind = UserMergeRuleKind | PlainMergeRuleKind;
export type MergeRule = { rule: UserMergeRuleKind; users: string[] } | { rule: PlainMergeRuleKind };

/** An organization's merge rules, or a space's own: none, or rules that must all pass. */
export type MergeRulesConfiguration = { type: 'none' } | { type: 'rules'; rules: MergeRule[] };
/** A space's merge rules: its own, or `inherit` (its organization's). */
export type SpaceMergeRulesConfiguration = MergeRulesConfiguration | { type: 'inherit' };

export const NO_MERGE_RULES: MergeRulesConfiguration = { type: 'none' };
export const INHERITED_MERGE_RULES: SpaceMergeRulesConfiguration = { type: 'inherit' };

/** Caps on a configuration (Bounded work): rules per configuration, users per rule, characters per user id. */
export const MAX_MERGE_RULES = 20;
export const MAX_MERGE_RULE_USERS = 50;
export const MAX_USER_ID_LENGTH = 64;

const isUserRule = (rule: unknown): rule is UserMergeRuleKind => (USER_MERGE_RULES as readonly unknown[]).includes(rule);
const isPlainRule = (rule: unknown): rule is PlainMergeRuleKind => (PLAIN_MERGE_RULES as readonly unknown[]).includes(rule);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const extraKeys = (value: Record<string, unknown>, allowed: readonly string[], at: string) =>
  Object.keys(value)
    .filter((key) => !allowed.includes(key))
    .map((key) => `${at}: property ${key} should not exist`);

function userErrors(users: unknown, at: string): string[] {
  if (!Array.isArray(users)) return [`${at}.users must be an array of user ids`];
  if (users.length > MAX_MERGE_RULE_USERS) return [`${at}.users must contain at most ${MAX_MERGE_RULE_USERS} user ids`];
  return users.flatMap((user, j) =>
    typeof user === 'string' && user.length >= 1 && user.length <= MAX_USER_ID_LENGTH
      ? []
      : [`${at}.users[${j}] must be a user id (1 to ${MAX_USER_ID_LENGTH} characters)`],
  );
}

function ruleErrors(rule: unknown, at: string): string[] {
  if (!isObject(rule)) return [`${at} must be an object { rule }`];
  const kind = rule.rule;
  if (typeof kind === 'string' && UNSERVED_MERGE_RULES.has(kind))
    return [`${at}.rule: ${kind} is not supported: ${UNSERVED_MERGE_RULES.get(kind)}`];
  if (isUserRule(kind)) return [...extraKeys(rule, ['rule', 'users'], at), ...userErrors(rule.users, at)];
  if (isPlainRule(kind)) return extraKeys(rule, ['rule'], at);
  return [`${at}.rule must be one of ${[...USER_MERGE_RULES, ...PLAIN_MERGE_RULES].join(', ')}`];
}

/**
 * What is wrong with a merge rules configuration sent as `field` (none: it is valid), in the 400's
 * words; `inherit` is taken only where `allowInherit` (a space's).
 */
export function mergeRulesErrors(value: unknown, field: string, allowInherit: boolean): string[] {
  const types = allowInherit ? ['inherit', 'none', 'rules'] : ['none', 'rules'];
  if (!isObject(value) || !types.includes(value.type as string))
    return [`${field} must be an object whose type is ${types.join(', ').replace(/, (\w+)$/, ' or $1')}`];
  if (value.type !== 'rules') return extraKeys(value, ['type'], field);
  const errors = extraKeys(value, ['type', 'rules'], field);
  if (!Array.isArray(value.rules)) return [...errors, `${field}.rules must be an array of merge rules`];
  if (value.rules.length > MAX_MERGE_RULES) return [...errors, `${field}.rules must contain at most ${MAX_MERGE_RULES} rules`];
  return [...errors, ...value.rules.flatMap((rule, i) => ruleErrors(rule, `${field}.rules[${i}]`))];
}

/** A valid configuration (mergeRulesErrors found nothing) copied with only its known keys, in a fixed key order. */
export function mergeRulesOf<T extends SpaceMergeRulesConfiguration>(value: T): T {
  if (value.type !== 'rules') return { type: value.type } as T;
  const rules = value.rules.map((r): MergeRule => ('users' in r ? { rule: r.rule, users: [...r.users] } : { rule: r.rule }));
  return { type: 'rules', rules } as T;
}

/** Whether two configurations say the same (same rules in the same order). */
export const sameMergeRules = (a: SpaceMergeRulesConfiguration, b: SpaceMergeRulesConfiguration): boolean =>
  JSON.stringify(mergeRulesOf(a)) === JSON.stringify(mergeRulesOf(b));

/** Every user a configuration names, once each. */
export function mergeRuleUsers(config: SpaceMergeRulesConfiguration): string[] {
  if (config.type !== 'rules') return [];
  return [...new Set(config.rules.flatMap((r) => ('users' in r ? r.users : [])))];
}

/** The rules that apply to a space's change requests: its own, or its organization's when it inherits them. */
export const effectiveMergeRules = (space: SpaceMergeRulesConfiguration, organization: MergeRulesConfiguration): MergeRulesConfiguration =>
  space.type === 'inherit' ? organization : space;
