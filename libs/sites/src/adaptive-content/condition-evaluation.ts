import jsep from 'jsep';
import { conditionProblem } from './condition-grammar';

/** A JSON value a condition reads (claims are JSON: a JWT's payload, unsigned claims). */
type Value = unknown;

type Node = jsep.Expression;

/** An own property of a plain object or array (never the prototype's: the grammar refuses those names anyway). */
function member(object: Value, key: string | number): Value {
  if (typeof object !== 'object' || object === null) return undefined;
  const name = String(key);
  return Object.hasOwn(object, name) ? (object as Record<string, Value>)[name] : undefined;
}

function compare(operator: string, a: Value, b: Value): boolean {
  // The condition's own `==` and `!=` are JavaScript's loose equality, as in GitBook's expressions.
  switch (operator) {
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: the expression asked for loose equality
      return a == b;
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: the expression asked for loose equality
      return a != b;
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    default: {
      const ordered = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
      if (!ordered) return false;
      const [x, y] = [a as number | string, b as number | string];
      return operator === '<' ? x < y : operator === '<=' ? x <= y : operator === '>' ? x > y : x >= y;
    }
  }
}

/** The value of a tree the grammar accepted; `scope` names the identifiers (`visitor`), anything else is undefined. */
function evaluate(node: Node, scope: ReadonlyMap<string, Value>): Value {
  switch (node.type) {
    case 'Identifier':
      return scope.get(String(node.name));
    case 'Literal':
      return node.value;
    case 'MemberExpression': {
      const property = node.property as Node;
      const key = node.computed ? (property.value as string | number) : String(property.name);
      return member(evaluate(node.object as Node, scope), key);
    }
    case 'UnaryExpression': {
      const value = evaluate(node.argument as Node, scope);
      return node.operator === '!' ? !value : -(value as number);
    }
    case 'BinaryExpression': {
      const operator = String(node.operator);
      if (operator === '&&') return evaluate(node.left as Node, scope) && evaluate(node.right as Node, scope);
      if (operator === '||') return evaluate(node.left as Node, scope) || evaluate(node.right as Node, scope);
      return compare(operator, evaluate(node.left as Node, scope), evaluate(node.right as Node, scope));
    }
    default:
      throw new Error(`${node.type} is outside the condition grammar`);
  }
}

/** Parsed trees by text (conditions are few per site and never change meaning). */
const parsed = new Map<string, Node | null>();
const MAX_PARSED = 4096;

function treeOf(condition: string): Node | null {
  let tree = parsed.get(condition);
  if (tree === undefined) {
    tree = conditionProblem(condition) === null ? jsep(condition) : null;
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(condition, tree);
  }
  return tree;
}

/**
 * Whether a condition holds for a visitor's claims (`visitor.claims` in the expression): the
 * expression's value, truthy or not, with JavaScript's comparisons; a member of something that is not
 * an object is undefined rather than an error. A condition outside the grammar never holds.
 */
export function conditionHolds(condition: string, claims: Readonly<Record<string, Value>>): boolean {
  const tree = treeOf(condition);
  if (tree === null) return false;
  try {
    return Boolean(evaluate(tree, new Map([['visitor', { claims }]])));
  } catch {
    return false;
  }
}
