import { Module } from '@nestjs/common';
import { CreateSamlProviderHandler } from './create-saml-provider';
import { DeleteSamlProviderHandler } from './delete-saml-provider';
import { GetSamlProviderHandler } from './get-saml-provider';
import { ListSamlProvidersHandler } from './list-saml-providers';
import { ListSsoLoginsHandler } from './list-sso-logins';
import { SamlProviderViews } from './saml-provider-views';
import { SamlWriter } from './saml-writer';
import { UpdateSamlProviderHandler } from './update-saml-provider';
import { SamlController } from './saml.controller';
import { SamlPresenter } from './saml.presenter';
import { OrganizationCoreModule } from '../shared/organization-core.module';
import { SamlReadModel } from './saml.read-model';

/** SAML identity providers of an organization, and its SSO sign-in options. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [SamlController],
  providers: [
    SamlWriter,
    SamlReadModel,
    SamlProviderViews,
    SamlPresenter,
    CreateSamlProviderHandler,
    UpdateSamlProviderHandler,
    DeleteSamlProviderHandler,
    ListSamlProvidersHandler,
    GetSamlProviderHandler,
    ListSsoLoginsHandler,
  ],
})
export class SamlModule {}
