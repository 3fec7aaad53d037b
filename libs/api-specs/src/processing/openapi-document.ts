import SwaggerParser from '@apidevtools/swagger-parser';
import { load as loadYaml } from 'js-yaml';
import { DocumentFormat } from '../openapi-specs/openapi-spec.decider';

/** A document that is not an OpenAPI description we can use: the spec's PARSE_ERROR. */
export class OpenAPIParseError extends Error {
  override readonly name = 'OpenAPIParseError';
}

export interface ParsedOpenAPI {
  format: DocumentFormat;
  /** The document as parsed (not dereferenced). */
  document: Record<string, unknown>;
  /** Canonical JSON of the document (keys sorted): what identifies a version. */
  canonical: string;
  infoVersion: string;
}

/**
 * The caps of a document (docs/api-specs-design.md, "Bounded work"). Each check below is linear in the
 * document as written: aliases and references are measured once per target, never expanded to measure.
 */
export const OPENAPI_LIMITS = {
  /** Bytes of the text (a fetched document is also capped by OUTBOUND_MAX_BYTES). */
  textBytes: 10 * 1024 * 1024,
  /** YAML alias uses in one document. */
  aliases: 1000,
  /** Values (objects, arrays, scalars) of the document once its YAML aliases are expanded. */
  values: 1_000_000,
  /** Nesting of objects and arrays. */
  depth: 128,
  /** Values of the document once its `$ref`s are replaced by their targets (what validation walks). */
  dereferencedValues: 2_000_000,
};

/** Nodes a dereferenced document served by the API may have; past it, references stay `$ref`s. */
const MAX_DEREFERENCED_NODES = 200_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with every object's keys sorted, so two spellings of one document give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/**
 * Parses an OpenAPI description, JSON or YAML (JSON is tried first when the text starts with `{`),
 * and checks its structure: `openapi: 3.x` (or `swagger: "2.0"`), `info.title` and
 * `info.version` strings, `paths` an object (3.1 may have `webhooks` or `components` instead), and
 * every local `$ref` resolvable. YAML is read with the core schema (no custom tags, no code), and
 * merge keys and anchors are expanded by js-yaml; documents over `maxAliases` expansions are refused.
 * This is a structural check, not a full OpenAPI schema validation (see docs/api-specs-design.md).
 */
export function parseOpenAPI(text: string): ParsedOpenAPI {
  if (text.length > OPENAPI_LIMITS.textBytes || Buffer.byteLength(text, 'utf8') > OPENAPI_LIMITS.textBytes) {
    throw new OpenAPIParseError(`the document is larger than ${OPENAPI_LIMITS.textBytes} bytes`);
  }
  let value: unknown;
  let format: DocumentFormat;
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) {
    format = 'json';
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      if (error instanceof RangeError) throw tooDeep();
      throw new OpenAPIParseError(`not valid JSON: ${(error as Error).message}`);
    }
  } else {
    format = 'yaml';
    try {
      value = loadYaml(trimmed, { json: true, maxAliases: OPENAPI_LIMITS.aliases });
    } catch (error) {
      if (error instanceof RangeError) throw tooDeep();
      throw new OpenAPIParseError(`not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (!isObject(value)) throw new OpenAPIParseError('the document is not an object');
  measureExpanded(value);
  const version = value.openapi ?? value.swagger;
  const openapi3 = typeof value.openapi === 'string' && /^3\.\d+(\.\d+)?(-[\w.]+)?$/.test(value.openapi);
  const swagger2 = value.swagger === '2.0';
  if (!openapi3 && !swagger2)
    throw new OpenAPIParseError(`unsupported version ${JSON.stringify(version ?? null)}: expected openapi 3.x or swagger 2.0`);
  const info = value.info;
  if (!isObject(info)) throw new OpenAPIParseError('info is missing');
  if (typeof info.title !== 'string') throw new OpenAPIParseError('info.title must be a string');
  if (typeof info.version !== 'string') throw new OpenAPIParseError('info.version must be a string');
  const is31 = openapi3 && /^3\.1/.test(value.openapi as string);
  if (value.paths !== undefined ? !isObject(value.paths) : !(is31 && (isObject(value.webhooks) || isObject(value.components)))) {
    throw new OpenAPIParseError('paths must be an object');
  }
  checkRefs(value);
  measureDereferenced(value);
  return { format, document: value, canonical: canonicalJson(value), infoVersion: info.version };
}

/**
 * Validates a parsed description against the OpenAPI (3.0, 3.1) or Swagger 2.0 schema with
 * @apidevtools/swagger-parser, which also resolves every reference while it checks: a document that
 * fails is the spec's PARSE_ERROR, with the parser's reason. External references are never
 * fetched (the parser works on a copy, with `resolve.external` off).
 */
export async function validateOpenAPI(document: Record<string, unknown>): Promise<void> {
  try {
    await SwaggerParser.validate(structuredClone(document) as never, { resolve: { external: false }, dereference: { circular: 'ignore' } });
  } catch (error) {
    throw new OpenAPIParseError(
      `not a valid OpenAPI description: ${(error as Error).message.split('\n').slice(0, 3).join(' ').slice(0, 500)}`,
    );
  }
}

const tooDeep = () => new OpenAPIParseError(`the document nests objects and arrays deeper than ${OPENAPI_LIMITS.depth} levels`);

const children = (node: unknown): unknown[] => (Array.isArray(node) ? node : isObject(node) ? Object.values(node) : []);

/**
 * Refuses a document whose YAML aliases expand past OPENAPI_LIMITS.values, or that nests deeper than
 * OPENAPI_LIMITS.depth, or that contains itself. An alias is the same object reached twice, so sizes
 * are counted once per object (post-order, without recursion) and added up wherever it is reached:
 * a billion-laughs document is refused after a walk as long as its text.
 */
function measureExpanded(root: Record<string, unknown>): void {
  const size = new Map<object, number>();
  const open = new Set<object>();
  const stack: { node: object; depth: number; entered: boolean }[] = [{ node: root, depth: 1, entered: false }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (!frame.entered) {
      if (size.has(frame.node)) {
        stack.pop();
        continue;
      }
      if (frame.depth > OPENAPI_LIMITS.depth) throw tooDeep();
      if (open.has(frame.node)) throw new OpenAPIParseError('the document contains itself (a YAML alias inside its own anchor)');
      open.add(frame.node);
      frame.entered = true;
      for (const child of children(frame.node)) {
        if (typeof child === 'object' && child !== null) {
          if (open.has(child)) throw new OpenAPIParseError('the document contains itself (a YAML alias inside its own anchor)');
          stack.push({ node: child, depth: frame.depth + 1, entered: false });
        }
      }
      continue;
    }
    stack.pop();
    open.delete(frame.node);
    let total = 1;
    for (const child of children(frame.node)) total += typeof child === 'object' && child !== null ? size.get(child)! : 1;
    if (total > OPENAPI_LIMITS.values) {
      throw new OpenAPIParseError(`the document expands to more than ${OPENAPI_LIMITS.values} values (YAML aliases repeat their anchors)`);
    }
    size.set(frame.node, total);
  }
}

/**
 * Refuses a document whose `$ref`s, replaced by their targets as validation does, give more than
 * OPENAPI_LIMITS.dereferencedValues values: references that double at every level (40 levels, 2^40
 * values) are refused after measuring each target once. A reference met again inside its own
 * expansion (a recursive schema) counts as one value, as the dereferencing leaves it a `$ref`.
 * Post-order with a stack of its own, so long chains of references need no deep recursion.
 */
function measureDereferenced(root: Record<string, unknown>): void {
  const cap = OPENAPI_LIMITS.dereferencedValues;
  const byRef = new Map<string, number>();
  const open = new Set<string>();
  /** A node being measured: its children, the next to measure, the size so far, the reference it stands for. */
  const stack: { items: unknown[]; next: number; total: number; ref?: string }[] = [];
  /** The size of `node` when known at once; otherwise its frame is pushed and null returned. */
  const enter = (node: unknown): number | null => {
    if (typeof node !== 'object' || node === null) return 1;
    const ref =
      !Array.isArray(node) && typeof (node as Record<string, unknown>).$ref === 'string'
        ? ((node as Record<string, unknown>).$ref as string)
        : undefined;
    if (ref === undefined) {
      stack.push({ items: children(node), next: 0, total: 1 });
      return null;
    }
    const known = byRef.get(ref);
    if (known !== undefined) return known;
    if (open.has(ref)) return 1;
    open.add(ref);
    // The reference stands for its target: the target is its one child, and it adds nothing itself.
    stack.push({ items: [resolvePointer(root, ref)], next: 0, total: 0, ref });
    return null;
  };
  let done = enter(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (done !== null) {
      frame.total += done;
      if (frame.total > cap) throw new OpenAPIParseError(`the document's $ref references expand to more than ${cap} values`);
      done = null;
    }
    if (frame.next < frame.items.length) {
      done = enter(frame.items[frame.next++]);
      continue;
    }
    stack.pop();
    if (frame.ref !== undefined) {
      open.delete(frame.ref);
      byRef.set(frame.ref, frame.total);
    }
    done = frame.total;
  }
}

/** The value a local JSON pointer (`#/components/schemas/Pet`) names in `root`, or undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** Every `$ref` must be a local pointer that resolves (external references are not fetched). */
function checkRefs(root: Record<string, unknown>): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string') {
        if (!node.$ref.startsWith('#')) throw new OpenAPIParseError(`external reference ${node.$ref} is not supported`);
        if (resolvePointer(root, node.$ref) === undefined) throw new OpenAPIParseError(`reference ${node.$ref} does not resolve`);
      }
      for (const key of Object.keys(node)) stack.push(node[key]);
    }
  }
}

/**
 * The document with its local `$ref`s replaced by what they point at. A reference met again inside
 * its own expansion (a recursive schema) stays a `$ref`, so the result is always finite JSON; so do
 * references met once the result has MAX_DEREFERENCED_NODES nodes.
 */
export function dereference(root: Record<string, unknown>): Record<string, unknown> {
  let budget = MAX_DEREFERENCED_NODES;
  const open = new Set<string>();
  const walk = (node: unknown): unknown => {
    budget--;
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      const target = resolvePointer(root, ref);
      if (target === undefined || open.has(ref) || budget <= 0) return node;
      open.add(ref);
      const expanded = walk(target);
      open.delete(ref);
      return expanded;
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) out[key] = walk(node[key]);
    return out;
  };
  return walk(root) as Record<string, unknown>;
}
