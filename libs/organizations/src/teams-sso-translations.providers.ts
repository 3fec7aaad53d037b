import { CreateSamlProviderHandler } from './application/create-saml-provider';
import { CreateTeamHandler } from './application/create-team';
import { CreateTranslationSettingsHandler } from './application/create-translation-settings';
import { DeleteSamlProviderHandler } from './application/delete-saml-provider';
import { DeleteTeamHandler } from './application/delete-team';
import { DeleteTranslationSettingsHandler } from './application/delete-translation-settings';
import { GetSamlProviderHandler } from './application/get-saml-provider';
import { GetTeamHandler } from './application/get-team';
import { GetTranslationSettingsHandler } from './application/get-translation-settings';
import { ListMemberTeamsHandler } from './application/list-member-teams';
import { ListSamlProvidersHandler } from './application/list-saml-providers';
import { ListSsoLoginsHandler } from './application/list-sso-logins';
import { ListTeamMembersHandler } from './application/list-team-members';
import { ListTeamsHandler } from './application/list-teams';
import { ListTranslationSettingsHandler } from './application/list-translation-settings';
import { RenameTeamHandler } from './application/rename-team';
import { SamlCommands, SamlReadAccess } from './application/saml-commands';
import { TeamCommands, TeamReadAccess } from './application/team-commands';
import { TranslationCommands, TranslationReadAccess } from './application/translation-commands';
import { RemoveTeamMemberHandler, SetTeamMemberHandler, UpdateTeamMembersHandler } from './application/update-team-members';
import { UpdateSamlProviderHandler } from './application/update-saml-provider';
import { UpdateTranslationSettingsHandler } from './application/update-translation-settings';
import { SamlController } from './http/saml.controller';
import { SamlPresenter } from './http/saml.presenter';
import { TeamsController } from './http/teams.controller';
import { TeamsPresenter } from './http/teams.presenter';
import { TranslationsController } from './http/translations.controller';
import { TranslationsPresenter } from './http/translations.presenter';

/** Controllers and providers of teams, SAML/SSO and translation settings (part of OrganizationsModule). */
export const TEAMS_SSO_TRANSLATIONS_CONTROLLERS = [TeamsController, SamlController, TranslationsController];

export const TEAMS_SSO_TRANSLATIONS_PROVIDERS = [
  TeamCommands, TeamReadAccess, TeamsPresenter,
  CreateTeamHandler, RenameTeamHandler, DeleteTeamHandler, UpdateTeamMembersHandler, SetTeamMemberHandler, RemoveTeamMemberHandler,
  ListTeamsHandler, GetTeamHandler, ListTeamMembersHandler, ListMemberTeamsHandler,
  SamlCommands, SamlReadAccess, SamlPresenter,
  CreateSamlProviderHandler, UpdateSamlProviderHandler, DeleteSamlProviderHandler, ListSamlProvidersHandler, GetSamlProviderHandler, ListSsoLoginsHandler,
  TranslationCommands, TranslationReadAccess, TranslationsPresenter,
  CreateTranslationSettingsHandler, UpdateTranslationSettingsHandler, DeleteTranslationSettingsHandler, ListTranslationSettingsHandler, GetTranslationSettingsHandler,
];
