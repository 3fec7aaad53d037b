/**
 * GitBook's IntegrationConfigurations, checked by hand against IntegrationConfigurationSchema
 * (ajv is only a development dependency here): `account`, `space` and `site`, each either a
 * ContentKit component (`{ componentId }`) or JSON Schema-like `{ properties, required }` whose
 * properties are typed `string`, `number`, `boolean` or `button`, with defaults of their type.
 * Answers the first problem found, or null.
 */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const TYPES = ['string', 'number', 'boolean', 'button'];
const KEYS: Record<string, string[]> = {
  string: ['default', 'completion_url', 'enum'],
  number: ['default'],
  boolean: ['default'],
  button: ['callback_url', 'button_text'],
};

function propertyProblem(path: string, property: unknown): string | null {
  if (!isObject(property)) return `${path} must be an object`;
  const { title, description, type } = property;
  if (title !== undefined && (typeof title !== 'string' || title.length < 2 || title.length > 50))
    return `${path}.title must be 2 to 50 characters`;
  if (description !== undefined && (typeof description !== 'string' || description.length > 100))
    return `${path}.description must be at most 100 characters`;
  if (typeof type !== 'string' || !TYPES.includes(type)) return `${path}.type must be one of ${TYPES.join(', ')}`;
  for (const key of Object.keys(property)) {
    if (!['title', 'description', 'type', ...KEYS[type]!].includes(key)) return `${path}.${key} is not allowed for type ${type}`;
  }
  const value = property.default;
  if (value !== undefined && typeof value !== type) return `${path}.default must be a ${type}`;
  if (type === 'string') {
    if (property.completion_url !== undefined && typeof property.completion_url !== 'string')
      return `${path}.completion_url must be a string`;
    const values = property.enum;
    if (values !== undefined && (!Array.isArray(values) || values.some((v) => typeof v !== 'string')))
      return `${path}.enum must be an array of strings`;
  }
  if (type === 'button' && (typeof property.callback_url !== 'string' || typeof property.button_text !== 'string'))
    return `${path} needs callback_url and button_text strings`;
  return null;
}

function configurationProblem(path: string, configuration: unknown): string | null {
  if (!isObject(configuration)) return `${path} must be an object`;
  if ('componentId' in configuration) {
    if (typeof configuration.componentId !== 'string' || Object.keys(configuration).length !== 1)
      return `${path} must be { componentId } with a string`;
    return null;
  }
  const { properties, required } = configuration;
  if (Object.keys(configuration).some((k) => k !== 'properties' && k !== 'required')) return `${path} takes properties and required only`;
  if (!isObject(properties)) return `${path}.properties must be an object`;
  const names = Object.keys(properties);
  if (names.length > 100) return `${path}.properties has more than 100 properties`;
  for (const name of names) {
    const problem = propertyProblem(`${path}.properties.${name}`, properties[name]);
    if (problem) return problem;
  }
  if (required !== undefined) {
    if (!Array.isArray(required) || required.some((r) => typeof r !== 'string'))
      return `${path}.required must be an array of property names`;
    if (new Set(required).size !== required.length) return `${path}.required must not repeat a name`;
    const missing = required.find((r) => !Object.hasOwn(properties, r));
    if (missing !== undefined) return `${path}.required names ${missing}, which is not a property`;
  }
  return null;
}

export function configurationsProblem(value: unknown): string | null {
  if (!isObject(value)) return 'configurations must be an object';
  for (const [key, configuration] of Object.entries(value)) {
    if (!['account', 'space', 'site'].includes(key)) return `configurations.${key} is not one of account, space, site`;
    const problem = configurationProblem(`configurations.${key}`, configuration);
    if (problem) return problem;
  }
  return null;
}
