import { Module } from '@nestjs/common';
import { CreateSamlProviderHandler } from './application/create-saml-provider';
import { DeleteSamlProviderHandler } from './application/delete-saml-provider';
import { GetSamlProviderHandler } from './application/get-saml-provider';
import { ListSamlProvidersHandler } from './application/list-saml-providers';
import { ListSsoLoginsHandler } from './application/list-sso-logins';
import { SamlProviderViews } from './application/saml-provider-views';
import { SamlWriter } from './application/saml-writer';
import { UpdateSamlProviderHandler } from './application/update-saml-provider';
import { SamlController } from './http/saml.controller';
import { SamlPresenter } from './http/saml.presenter';
import { OrganizationCoreModule } from './shared/organization-core.module';
import { SamlReadModel } from './projections/saml.read-model';

/** SAML identity providers of an organization, and its SSO sign-in options. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [SamlController],
  providers: [
    SamlWriter, SamlReadModel, SamlProviderViews, SamlPresenter,
    CreateSamlProviderHandler, UpdateSamlProviderHandler, DeleteSamlProviderHandler,
    ListSamlProvidersHandler, GetSamlProviderHandler, ListSsoLoginsHandler,
  ],
})
export class SamlModule {}
