import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { translationSettingsPermissions } from './translation.policy';
import { TranslationSettingsDoc, TranslationsReadModel } from './translations.read-model';
import { GUESTS_CANNOT_READ_TRANSLATIONS } from '../shared/guests';
import { OrganizationQuery } from '../shared/organization-scope';

export class GetTranslationSettings extends OrganizationQuery<{ translationSettingsId: string }, TranslationSettingsDoc> {}

/** GET /v1/orgs/{organizationId}/translations/{translationSettingsId}: organization members with a role. */
@QueryHandler(GetTranslationSettings)
export class GetTranslationSettingsHandler implements IQueryHandler<GetTranslationSettings> {
  constructor(private readonly read: TranslationsReadModel) {}

  async execute({ props: { translationSettingsId }, scope }: GetTranslationSettings): Promise<TranslationSettingsDoc> {
    await scope.requireAllowed((role) => translationSettingsPermissions(role).view, GUESTS_CANNOT_READ_TRANSLATIONS);
    return this.read.get(scope.organizationId, translationSettingsId);
  }
}
