import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { AdaptiveJsonSchema, AdaptiveSchemaEntry } from '../sites/site.decider';
import { adaptiveSchemaOf } from './get-site-adaptive-schema';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UpdateSiteAdaptiveSchema extends SiteCommand<{ jsonSchema: AdaptiveJsonSchema }, AdaptiveSchemaEntry> {}

/**
 * updateSiteAdaptiveSchema: managers replace the schema; it must be a draft-07 JSON Schema of the
 * adaptive shape (checked by ajv, refused by the decider with the reason). The same schema again records nothing.
 */
@CommandHandler(UpdateSiteAdaptiveSchema)
export class UpdateSiteAdaptiveSchemaHandler implements ICommandHandler<UpdateSiteAdaptiveSchema> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { jsonSchema }, scope }: UpdateSiteAdaptiveSchema): Promise<AdaptiveSchemaEntry> {
    return found(
      adaptiveSchemaOf((await this.writer.write(scope, { type: 'UpdateSiteAdaptiveSchema', jsonSchema })).state),
      'no adaptive schema for the site',
    );
  }
}
