import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FindResult, ReadModels } from '@docs/platform';
import { MemberDoc } from '../projections/read-model-types';
import { TranslationSettingsDoc } from '../projections/translations.projection';
import { TranslationReadAccess } from './translation-commands';

export class ListTranslationSettings extends Query<{ result: FindResult<TranslationSettingsDoc>; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/translations, oldest first. */
@QueryHandler(ListTranslationSettings)
export class ListTranslationSettingsHandler implements IQueryHandler<ListTranslationSettings> {
  constructor(
    private readonly reads: TranslationReadAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, userId, page }: ListTranslationSettings) {
    const caller = await this.reads.requireReader(organizationId, userId);
    const result = await this.readModels.find<TranslationSettingsDoc>('translation_settings', {
      where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
      sort: { field: 'createdAt', direction: 'asc' },
      ...page,
    });
    return { result, caller };
  }
}
