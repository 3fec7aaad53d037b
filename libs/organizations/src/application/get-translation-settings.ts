import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MemberDoc } from '../projections/read-model-types';
import { TranslationSettingsDoc } from '../projections/translations.projection';
import { TranslationReadAccess } from './translation-commands';

export class GetTranslationSettings extends Query<{ settings: TranslationSettingsDoc; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly translationSettingsId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/translations/{translationSettingsId}. */
@QueryHandler(GetTranslationSettings)
export class GetTranslationSettingsHandler implements IQueryHandler<GetTranslationSettings> {
  constructor(private readonly reads: TranslationReadAccess) {}

  async execute({ organizationId, translationSettingsId, userId }: GetTranslationSettings) {
    const caller = await this.reads.requireReader(organizationId, userId);
    return { settings: await this.reads.requireSettings(organizationId, translationSettingsId), caller };
  }
}
