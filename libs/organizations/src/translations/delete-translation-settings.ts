import { deleteResourceHandler } from '../shared/delete-resource';
import { OrganizationCommand } from '../shared/organization-scope';
import { TranslationWriter } from './translation-writer';

/** DELETE /v1/orgs/{organizationId}/translations/{translationSettingsId}: admins only. */
export class DeleteTranslationSettings extends OrganizationCommand<{ translationSettingsId: string }> {}

export const DeleteTranslationSettingsHandler = deleteResourceHandler(
  DeleteTranslationSettings,
  TranslationWriter,
  'translationSettingsId',
  'DeleteTranslationSettings',
);
