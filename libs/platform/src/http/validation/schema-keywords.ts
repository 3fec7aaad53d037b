/** A schema object of the served document, as the statements below read and write it. */
export interface Schema {
  [keyword: string]: unknown;
  $ref?: string;
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  minLength?: number;
  description?: string;
}

interface Keywords {
  /** Keywords of the schema as a whole (`minProperties: 1`, `required`), over what the rules imply. */
  keywords?: Record<string, unknown>;
  /** Properties a check of the server's own refuses whatever their value: left out, so `additionalProperties: false` refuses them. */
  refused?: readonly string[];
  /** One shape per value of `discriminator`, each with the properties it takes (`notNull`: of those, the ones it refuses null in). */
  variants?: {
    discriminator: string;
    shapes: Record<string, { required: readonly string[]; optional: readonly string[]; notNull?: readonly string[] }>;
  };
}

const KEYWORDS = Symbol('schema keywords');

/**
 * What a request class's own checks (a handler's, a decider's) refuse that no property rule says,
 * for the served document to state with its rules (stateValidationRules): `@SchemaKeywords({
 * keywords: { minProperties: 1 } })` where an empty body is refused. Subclasses inherit it.
 */
export const SchemaKeywords =
  (stated: Keywords): ClassDecorator =>
  (type) =>
    Reflect.defineMetadata(KEYWORDS, stated, type);

/** Writes the keywords `type` declares into its schema, after its rules. */
export function stateSchemaKeywords(type: object, schema: Schema): void {
  const stated: Keywords | undefined = Reflect.getMetadata(KEYWORDS, type);
  if (!stated) return;
  for (const name of stated.refused ?? []) delete schema.properties?.[name];
  Object.assign(schema, stated.keywords);
  if (stated.variants) stateVariants(schema, stated.variants);
}

/** The schema becomes a oneOf of its shapes, each an object of its own properties, refusing the others. */
function stateVariants(schema: Schema, { discriminator, shapes }: NonNullable<Keywords['variants']>): void {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const { description } = schema;
  for (const key of Object.keys(schema)) delete schema[key];
  if (description !== undefined) schema.description = description;
  schema.oneOf = Object.entries(shapes).map(([value, { required, optional, notNull = [] }]) => {
    const own = [...required, ...optional].filter((name) => properties[name]);
    const shape = Object.fromEntries(
      own.map((name) => [name, notNull.includes(name) ? { ...properties[name], nullable: false } : properties[name]]),
    );
    return {
      type: 'object',
      properties: { [discriminator]: { ...properties[discriminator], enum: [value] }, ...shape },
      required: [discriminator, ...required],
      additionalProperties: false,
    };
  });
}
