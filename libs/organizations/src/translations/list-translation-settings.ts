import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { translationSettingsPermissions } from './translation.policy';
import { FindResult, Page } from '@docs/platform';
import { TranslationSettingsDoc, TranslationsReadModel } from './translations.read-model';
import { GUESTS_CANNOT_READ_TRANSLATIONS } from '../shared/guests';
import { OrganizationQuery } from '../shared/organization-scope';

export class ListTranslationSettings extends OrganizationQuery<{ page: Page }, FindResult<TranslationSettingsDoc>> {}

/** GET /v1/orgs/{organizationId}/translations: organization members with a role, oldest first. */
@QueryHandler(ListTranslationSettings)
export class ListTranslationSettingsHandler implements IQueryHandler<ListTranslationSettings> {
  constructor(private readonly read: TranslationsReadModel) {}

  async execute({ props: { page }, scope }: ListTranslationSettings): Promise<FindResult<TranslationSettingsDoc>> {
    await scope.requireAllowed((role) => translationSettingsPermissions(role).view, GUESTS_CANNOT_READ_TRANSLATIONS);
    return this.read.list(scope.organizationId, page);
  }
}
