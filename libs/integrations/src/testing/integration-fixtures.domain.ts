// Pure like the decider it feeds (the `.domain` suffix lets the decider specs import it).
import type { IntegrationDefinition } from '../integrations/integration.decider';

/** The definition of a public charts integration for every target, with nothing declared; `fields` override any of it. */
export const chartsDefinition = (fields: Partial<IntegrationDefinition> = {}): IntegrationDefinition => ({
  runtime: 'v1',
  title: 'Charts',
  description: 'Draws charts',
  previewImages: [],
  visibility: 'public',
  target: 'all',
  scopes: [],
  categories: [],
  blocks: [],
  contentSources: [],
  externalLinks: [],
  configurations: {},
  scriptHash: 'a'.repeat(64),
  ...fields,
});
