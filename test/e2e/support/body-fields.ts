import { exampleValue, Schema, ServedApi } from './openapi-operations';

/** One field of a request body, at any depth. */
export interface BodyField {
  /** From the body's root: property names, and 0 for the first item of a list. */
  path: (string | number)[];
  /** As the server names it in a 400: `changes[0].document`. */
  label: string;
  /** `object`: a nested request class or a map; `list`: an array; `value`: anything else. */
  shape: 'object' | 'list' | 'value';
  /** For a list: its items are objects. */
  ofObjects?: boolean;
}

/** The schema with `$ref`s and a lone `allOf` (how Nest's Swagger writes a described `$ref`) resolved. */
export function expand(api: ServedApi, schema: Schema | undefined): Schema {
  const s = api.resolve(schema ?? {}) as Schema & { allOf?: Schema[] };
  if (s.allOf?.length !== 1) return s;
  const { allOf, ...own } = s;
  return { ...expand(api, allOf[0]), ...own };
}

/** A request class (its properties are declared) or a map (additionalProperties); a bare `type: object` says nothing. */
const isObjectSchema = (s: Schema) =>
  s.properties !== undefined || (s.additionalProperties !== undefined && s.additionalProperties !== false);

/** Every field of a body schema, nested objects and the items of lists of objects included, down to `maxDepth`. */
export function bodyFields(api: ServedApi, schema: Schema, maxDepth = 5): BodyField[] {
  const fields: BodyField[] = [];
  const walk = (s: Schema, path: (string | number)[], label: string, depth: number) => {
    if (depth > maxDepth) return;
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      const p = expand(api, property);
      const at = label ? `${label}.${name}` : name;
      if (p.type === 'array') {
        const items = expand(api, p.items);
        const ofObjects = isObjectSchema(items);
        fields.push({ path: [...path, name], label: at, shape: 'list', ofObjects });
        if (ofObjects) walk(items, [...path, name, 0], `${at}[0]`, depth + 1);
      } else if (isObjectSchema(p)) {
        fields.push({ path: [...path, name], label: at, shape: 'object' });
        walk(p, [...path, name], at, depth + 1);
      } else {
        fields.push({ path: [...path, name], label: at, shape: 'value' });
      }
    }
  };
  walk(expand(api, schema), [], '', 0);
  return fields;
}

/**
 * A small valid body (exampleValue) with `value` at `path`; the objects and lists on the way are
 * the schema's examples, so the only thing wrong with the body is what was put there.
 */
export function bodyWith(api: ServedApi, schema: Schema, path: (string | number)[], value: unknown): unknown {
  const expanding: ServedApi = { ...api, resolve: (s) => expand(api, s) };
  const put = (s: Schema, container: unknown, [head, ...rest]: (string | number)[]): unknown => {
    const copy: any = Array.isArray(container) ? [...container] : { ...(container as object) };
    if (rest.length === 0) {
      copy[head!] = value;
      return copy;
    }
    const child = typeof head === 'number' ? expand(api, s.items) : expand(api, s.properties?.[head!]);
    copy[head!] = put(child, copy[head!] ?? exampleValue(expanding, child), rest);
    return copy;
  };
  const root = expand(api, schema);
  return put(root, exampleValue(expanding, root), path);
}
