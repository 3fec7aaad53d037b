import { deleteResourceHandler } from '../shared/delete-resource';
import { OrganizationCommand } from '../shared/organization-scope';
import { SamlWriter } from './saml-writer';

/** DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only. */
export class DeleteSamlProvider extends OrganizationCommand<{ samlProviderId: string }> {}

export const DeleteSamlProviderHandler = deleteResourceHandler(DeleteSamlProvider, SamlWriter, 'samlProviderId', 'DeleteSamlProvider');
