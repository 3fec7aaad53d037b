import jsep from 'jsep';
import { isUnreadableName } from '../sites/site.decider';

/**
 * The grammar of `condition` expressions (site spaces, sections), docs/sites-design.md
 * "Conditions". An expression is parsed with jsep, then every node must be one of:
 *
 * - an identifier (`visitor`, `undefined`): letters, digits, `_` and `$`, not starting with a digit;
 * - a member access: `a.b` (an identifier name), or `a["b"]` / `a[0]` (a string or number literal);
 * - a literal: string, number, `true`, `false`, `null`; a negative number (`-1`);
 * - a comparison (`==`, `!=`, `===`, `!==`, `<`, `<=`, `>`, `>=`) or a logical `&&`, `||`;
 * - a negation `!`; parentheses (which leave no node).
 *
 * Refused: calls, assignments (a parse error), `this`, `new`, `typeof`, arithmetic and bitwise
 * operators, `??`, `in`, the ternary, arrays, several expressions (`a, b`, `a; b`), computed
 * members that are not literals, and, as identifiers or members, the names of Object.prototype's
 * members (`constructor`, `toString`...), `prototype` and any name starting with `__` (`__proto__`).
 */

const COMPARISONS = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=']);
const LOGICAL = new Set(['&&', '||']);
const NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

type Node = jsep.Expression;

const forbiddenName = isUnreadableName;

function checkName(name: string, what: string): string | null {
  if (forbiddenName(name)) return `${what} ${JSON.stringify(name)} is not allowed`;
  if (!NAME.test(name)) return `${what} ${JSON.stringify(name)} is not a plain name (letters, digits, _ and $)`;
  return null;
}

/** The first construct of the tree outside the grammar, described; null when there is none. */
function outsideGrammar(node: Node): string | null {
  switch (node.type) {
    case 'Identifier':
      return checkName(String(node.name), 'the name');
    case 'Literal': {
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return null;
      return `the literal ${String(node.raw)} is not allowed`;
    }
    case 'MemberExpression': {
      const property = node.property as Node;
      if (node.computed) {
        if (property.type !== 'Literal' || (typeof property.value !== 'string' && typeof property.value !== 'number')) {
          return 'a computed member must be a string or number literal (a["b"], a[0])';
        }
        if (typeof property.value === 'string' && forbiddenName(property.value))
          return `the member ${JSON.stringify(property.value)} is not allowed`;
      } else {
        if (property.type !== 'Identifier') return 'a member must be a name';
        const bad = checkName(String(property.name), 'the member');
        if (bad) return bad;
      }
      return outsideGrammar(node.object as Node);
    }
    case 'UnaryExpression': {
      const argument = node.argument as Node;
      if (node.operator === '!') return outsideGrammar(argument);
      if (node.operator === '-' && argument.type === 'Literal' && typeof argument.value === 'number') return null;
      return `the operator ${String(node.operator)} is not allowed (only ! and a negative number)`;
    }
    case 'BinaryExpression': {
      const operator = String(node.operator);
      if (!COMPARISONS.has(operator) && !LOGICAL.has(operator))
        return `the operator ${operator} is not allowed (comparisons and && || only)`;
      return outsideGrammar(node.left as Node) ?? outsideGrammar(node.right as Node);
    }
    case 'CallExpression':
      return 'function calls are not allowed';
    case 'ThisExpression':
      return '"this" is not allowed';
    case 'Compound':
    case 'SequenceExpression':
      return 'one expression only (no "," or ";", nor keywords such as new, typeof, in)';
    case 'ConditionalExpression':
      return 'the conditional operator ?: is not allowed';
    case 'ArrayExpression':
      return 'arrays are not allowed';
    default:
      return `${node.type} is not allowed`;
  }
}

/**
 * What is wrong with a condition expression: jsep's parse error (`Unexpected "=" at character 2`),
 * or the construct outside the grammar; null when it is a valid condition. Never throws.
 */
export function conditionProblem(text: string): string | null {
  let tree: Node;
  try {
    tree = jsep(text);
  } catch (error) {
    return error instanceof RangeError
      ? 'the expression is nested too deeply'
      : `cannot parse: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (tree.type === 'Compound' && (tree.body as Node[]).length === 0) return 'the expression is empty';
  try {
    return outsideGrammar(tree);
  } catch (error) {
    if (error instanceof RangeError) return 'the expression is nested too deeply';
    throw error;
  }
}
