import { CreateSamlProviderHandler } from './application/create-saml-provider';
import { CreateTranslationSettingsHandler } from './application/create-translation-settings';
import { DeleteSamlProviderHandler } from './application/delete-saml-provider';
import { DeleteTranslationSettingsHandler } from './application/delete-translation-settings';
import { GetSamlProviderHandler } from './application/get-saml-provider';
import { GetTranslationSettingsHandler } from './application/get-translation-settings';
import { ListSamlProvidersHandler } from './application/list-saml-providers';
import { ListSsoLoginsHandler } from './application/list-sso-logins';
import { ListTranslationSettingsHandler } from './application/list-translation-settings';
import { SamlCommands, SamlReadAccess } from './application/saml-commands';
import { TranslationCommands, TranslationReadAccess } from './application/translation-commands';
import { UpdateSamlProviderHandler } from './application/update-saml-provider';
import { UpdateTranslationSettingsHandler } from './application/update-translation-settings';
import { SamlController } from './http/saml.controller';
import { SamlPresenter } from './http/saml.presenter';
import { TranslationsController } from './http/translations.controller';
import { TranslationsPresenter } from './http/translations.presenter';

/** Controllers and providers of teams, SAML/SSO and translation settings (part of OrganizationsModule). */
export const TEAMS_SSO_TRANSLATIONS_CONTROLLERS = [SamlController, TranslationsController];

export const TEAMS_SSO_TRANSLATIONS_PROVIDERS = [
  SamlCommands, SamlReadAccess, SamlPresenter,
  CreateSamlProviderHandler, UpdateSamlProviderHandler, DeleteSamlProviderHandler, ListSamlProvidersHandler, GetSamlProviderHandler, ListSsoLoginsHandler,
  TranslationCommands, TranslationReadAccess, TranslationsPresenter,
  CreateTranslationSettingsHandler, UpdateTranslationSettingsHandler, DeleteTranslationSettingsHandler, ListTranslationSettingsHandler, GetTranslationSettingsHandler,
];
