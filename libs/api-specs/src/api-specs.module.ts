import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { CreateOpenAPISpecHandler } from './application/create-openapi-spec';
import { CreateOrUpdateOpenAPISpecHandler } from './application/create-or-update-openapi-spec';
import { DeleteOpenAPISpecHandler } from './application/delete-openapi-spec';
import { GetOpenAPISpecHandler } from './application/get-openapi-spec';
import { GetOpenAPISpecVersionHandler } from './application/get-openapi-spec-version';
import { DereferencedDocuments, GetOpenAPISpecVersionContentHandler } from './application/get-openapi-spec-version-content';
import { GetOpenAPISpecVersionRawContentHandler } from './application/get-openapi-spec-version-raw-content';
import { ListOpenAPISpecVersionsHandler } from './application/list-openapi-spec-versions';
import { ListOpenAPISpecsHandler } from './application/list-openapi-specs';
import { OpenAPISpecProcessor } from './application/openapi-spec-processor';
import { VersionReads } from './application/openapi-spec-views';
import { OpenAPISpecWriter } from './application/openapi-spec-writer';
import { OpenAPISpecsController } from './http/openapi-specs.controller';
import { OpenAPISpecsPresenter } from './http/openapi-specs.presenter';
import { OpenAPISpecsReadModel } from './projections/openapi-specs.read-model';

/**
 * OpenAPI specifications of organizations (docs/api-specs-design.md): created from a URL or text,
 * processed in the background (fetched through the outbound guard, parsed, checked, versioned by
 * content), read with their versions. Organizations are reached only through their public index.
 */
@Module({
  imports: [OrganizationsModule],
  controllers: [OpenAPISpecsController],
  providers: [
    OpenAPISpecWriter, OpenAPISpecsReadModel, OpenAPISpecsPresenter, OpenAPISpecProcessor, VersionReads,
    CreateOpenAPISpecHandler, CreateOrUpdateOpenAPISpecHandler, DeleteOpenAPISpecHandler, GetOpenAPISpecHandler, ListOpenAPISpecsHandler,
    ListOpenAPISpecVersionsHandler, GetOpenAPISpecVersionHandler, GetOpenAPISpecVersionContentHandler, DereferencedDocuments, GetOpenAPISpecVersionRawContentHandler,
  ],
})
export class ApiSpecsModule {}
