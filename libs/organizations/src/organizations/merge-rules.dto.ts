import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import {
  MAX_MERGE_RULE_USERS,
  MAX_MERGE_RULES,
  MAX_USER_ID_LENGTH,
  mergeRulesErrors,
  PLAIN_MERGE_RULES,
  UNSERVED_MERGE_RULES,
  USER_MERGE_RULES,
} from '@docs/kernel';
import { IsOptionalNotNull, Stacked } from '@docs/platform';

/** GitBook's MergeRule, as this server takes and answers it (the rules it evaluates; UNSERVED_MERGE_RULES are refused). */
const MERGE_RULE_SCHEMAS = [
  {
    type: 'object',
    properties: {
      rule: { type: 'string', enum: [...USER_MERGE_RULES] },
      users: {
        type: 'array',
        description: 'List of user IDs (members of the organization)',
        maxItems: MAX_MERGE_RULE_USERS,
        items: { type: 'string', minLength: 1, maxLength: MAX_USER_ID_LENGTH },
      },
    },
    required: ['rule', 'users'],
    additionalProperties: false,
  },
  {
    type: 'object',
    properties: { rule: { type: 'string', enum: [...PLAIN_MERGE_RULES] } },
    required: ['rule'],
    additionalProperties: false,
  },
];

const onlyType = (type: string, description: string) => ({
  type: 'object',
  description,
  properties: { type: { type: 'string', enum: [type] } },
  required: ['type'],
  additionalProperties: false,
});

/** GitBook's MergeRulesConfigurationRules, MergeRulesConfigurationNone and (spaces) MergeRulesConfigurationInherit. */
const RULES_SCHEMA = {
  type: 'object',
  description: 'The merge rules are composed of individual rules that must all pass',
  properties: {
    type: { type: 'string', enum: ['rules'] },
    rules: { type: 'array', maxItems: MAX_MERGE_RULES, items: { oneOf: MERGE_RULE_SCHEMAS } },
  },
  required: ['type', 'rules'],
  additionalProperties: false,
};
const NONE_SCHEMA = onlyType('none', 'The merge rules are disabled: change requests merge without review');
const INHERIT_SCHEMA = onlyType('inherit', "The space's change requests follow its organization's merge rules");

/** The served document's schema of a merge rules configuration (a space's also takes `inherit`). */
export const mergeRulesSchema = (allowInherit: boolean) => ({
  type: Object,
  oneOf: allowInherit ? [INHERIT_SCHEMA, RULES_SCHEMA, NONE_SCHEMA] : [RULES_SCHEMA, NONE_SCHEMA],
});

const unserved = [...UNSERVED_MERGE_RULES.keys()].join(', ');

/**
 * A request's `mergeRules` (organization or space update): absent, or a configuration that
 * mergeRulesErrors finds nothing wrong with (400 naming the field otherwise, rule by rule).
 */
export const MergeRulesField = (allowInherit: boolean, description: string) =>
  Stacked(
    ApiPropertyOptional({
      ...mergeRulesSchema(allowInherit),
      description: `${description}. Rules ${unserved} are refused (400): this server does not evaluate them`,
    }),
    IsOptionalNotNull(),
    // The body's own value: class-transformer's copy silently drops keys named like Object.prototype members.
    Transform(({ obj }) => (obj as { mergeRules?: unknown }).mergeRules) as PropertyDecorator,
    ValidateBy({
      name: 'isMergeRules',
      validator: {
        validate: (value) => mergeRulesErrors(value, 'mergeRules', allowInherit).length === 0,
        defaultMessage: (args) => mergeRulesErrors(args?.value, 'mergeRules', allowInherit).join('; '),
      },
    }),
  );
