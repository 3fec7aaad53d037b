import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { CreateOpenAPISpecHandler } from './openapi-specs/create-openapi-spec';
import { CreateOrUpdateOpenAPISpecHandler } from './openapi-specs/create-or-update-openapi-spec';
import { DeleteOpenAPISpecHandler } from './openapi-specs/delete-openapi-spec';
import { GetOpenAPISpecHandler } from './openapi-specs/get-openapi-spec';
import { GetOpenAPISpecVersionHandler } from './spec-versions/get-openapi-spec-version';
import { DereferencedDocuments, GetOpenAPISpecVersionContentHandler } from './spec-versions/get-openapi-spec-version-content';
import { GetOpenAPISpecVersionRawContentHandler } from './spec-versions/get-openapi-spec-version-raw-content';
import { ListOpenAPISpecVersionsHandler } from './spec-versions/list-openapi-spec-versions';
import { ListOpenAPISpecsHandler } from './openapi-specs/list-openapi-specs';
import { OpenAPISpecProcessor } from './processing/openapi-spec-processor';
import { VersionReads } from './openapi-specs/openapi-spec-views';
import { OpenAPISpecWriter } from './openapi-specs/openapi-spec-writer';
import { OpenAPISpecsController } from './openapi-specs/openapi-specs.controller';
import { OpenAPISpecsPresenter } from './openapi-specs/openapi-specs.presenter';
import { OpenAPISpecsReadModel } from './openapi-specs/openapi-specs.read-model';

/**
 * OpenAPI specifications of organizations (docs/api-specs-design.md): created from a URL or text,
 * processed in the background (fetched through the outbound guard, parsed, checked, versioned by
 * content), read with their versions. Organizations are reached only through their public index.
 */
@Module({
  imports: [OrganizationsModule],
  controllers: [OpenAPISpecsController],
  providers: [
    OpenAPISpecWriter,
    OpenAPISpecsReadModel,
    OpenAPISpecsPresenter,
    OpenAPISpecProcessor,
    VersionReads,
    CreateOpenAPISpecHandler,
    CreateOrUpdateOpenAPISpecHandler,
    DeleteOpenAPISpecHandler,
    GetOpenAPISpecHandler,
    ListOpenAPISpecsHandler,
    ListOpenAPISpecVersionsHandler,
    GetOpenAPISpecVersionHandler,
    GetOpenAPISpecVersionContentHandler,
    DereferencedDocuments,
    GetOpenAPISpecVersionRawContentHandler,
  ],
})
export class ApiSpecsModule {}
