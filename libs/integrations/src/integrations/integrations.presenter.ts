import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { OrganizationsPresenter } from '@docs/organizations';
import { IntegrationView, standingOf } from './integration-views';
import { integrationPermissions } from './integrations.policy';
import { InstallationDoc } from './integrations.read-model';
import { IntegrationResponse } from './integration.response';
import { IntegrationInstallationResponse } from '../installations/installation.response';

/** GitBook's Integration and IntegrationInstallation. No I/O; secrets and the script are never answered. */
@Injectable()
export class IntegrationsPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organizations: OrganizationsPresenter,
  ) {}

  private location(name: string): string {
    return `${this.config.publicUrl}/v1/integrations/${encodeURIComponent(name)}`;
  }

  integration({ doc, owner, images }: IntegrationView): IntegrationResponse {
    const app = `${this.config.appUrl}/integrations/${encodeURIComponent(doc.name)}`;
    return {
      object: 'integration' as const,
      name: doc.name,
      version: doc.version,
      title: doc.title,
      description: doc.description,
      ...(doc.summary !== undefined ? { summary: doc.summary } : {}),
      previewImages: images.previewImages,
      target: doc.target,
      verified: false,
      visibility: doc.visibility,
      scopes: doc.scopes,
      categories: doc.categories,
      blocks: doc.blocks,
      contentSources: doc.contentSources,
      configurations: doc.configurations,
      externalLinks: doc.externalLinks,
      owner: this.organizations.organization(owner.view, owner.caller),
      urls: {
        location: this.location(doc.name),
        ...(images.icon ? { icon: images.icon } : {}),
        app,
        assets: `${app}/assets`,
        publicEndpoint: `${app}/endpoint`,
        publicContentEndpoint: `${app}/endpoint`,
      },
      permissions: integrationPermissions(standingOf(owner.caller), doc.visibility),
      ...(doc.contentSecurityPolicy !== undefined ? { contentSecurityPolicy: doc.contentSecurityPolicy } : {}),
    };
  }

  installation(doc: InstallationDoc): IntegrationInstallationResponse {
    const location = `${this.location(doc.integrationName)}/installations/${doc.id}`;
    const app = `${this.config.appUrl}/o/${doc.organizationId}/integrations/${encodeURIComponent(doc.integrationName)}`;
    return {
      id: doc.id,
      status: 'active' as const,
      space_selection: 'selected' as const,
      site_selection: 'selected' as const,
      spaces: 0,
      configuration: {},
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      urls: { location, app, publicEndpoint: `${app}/endpoint`, publicContentEndpoint: `${app}/endpoint` },
      externalIds: doc.externalIds,
      target: { organization: doc.organizationId },
    };
  }
}
