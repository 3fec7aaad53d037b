import { Body, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiController, Endpoint, envelope, pageOf, PageQuery, UseCases } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { CreateOpenAPISpec } from './create-openapi-spec';
import { CreateOrUpdateOpenAPISpec } from './create-or-update-openapi-spec';
import { DeleteOpenAPISpec } from './delete-openapi-spec';
import { GetOpenAPISpec } from './get-openapi-spec';
import { GetOpenAPISpecVersion } from '../spec-versions/get-openapi-spec-version';
import { GetOpenAPISpecVersionContent } from '../spec-versions/get-openapi-spec-version-content';
import { GetOpenAPISpecVersionRawContent } from '../spec-versions/get-openapi-spec-version-raw-content';
import { ListOpenAPISpecVersions } from '../spec-versions/list-openapi-spec-versions';
import { ListOpenAPISpecs } from './list-openapi-specs';
import { SourceInput, VersionRef } from './openapi-spec-views';
import { CreateOpenAPISpecBody, CreateOrUpdateOpenAPISpecBody, OpenAPISpecSourceInput } from './openapi-spec.dto';
import { OpenAPISpecsPresenter } from './openapi-specs.presenter';
import {
  OpenAPISpecContentResponse,
  OpenAPISpecRawContentResponse,
  OpenAPISpecResponse,
  OpenAPISpecVersionResponse,
} from './openapi-spec.response';

const sourceOf = (source: OpenAPISpecSourceInput): SourceInput => (source.url !== undefined ? { url: source.url } : { text: source.text! });
const LATEST: VersionRef = 'latest';

/** JSON text already written: Fastify sends a string with a content type as it is. */
function asJson(reply: FastifyReply, json: string): string {
  void reply.type('application/json; charset=utf-8');
  return json;
}

@ApiController('v1/orgs/:organizationId/openapi', 'openapi')
export class OpenAPISpecsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: OpenAPISpecsPresenter,
  ) {}

  @Endpoint('GET', '', {
    operationId: 'listOpenAPISpecs',
    summary: 'List the OpenAPI specifications of an organization',
    answers: [OpenAPISpecResponse],
  })
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const { result, access } = await this.useCases.query(new ListOpenAPISpecs({ page: pageOf(query) }, scope));
    return envelope(result, (doc) => this.present.spec(doc, access));
  }

  @Endpoint('POST', '', {
    operationId: 'createOpenAPISpec',
    summary: 'Create an OpenAPI specification',
    answers: OpenAPISpecResponse,
    located: true,
  })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateOpenAPISpecBody) {
    const { doc, access } = await this.useCases.command(new CreateOpenAPISpec({ slug: body.slug, source: sourceOf(body.source) }, scope));
    return this.present.spec(doc, access);
  }

  @Endpoint('GET', ':specSlug', {
    operationId: 'getOpenAPISpecBySlug',
    summary: 'Get an OpenAPI specification',
    answers: OpenAPISpecResponse,
  })
  async get(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    const { doc, access } = await this.useCases.query(new GetOpenAPISpec({ slug }, scope));
    return this.present.spec(doc, access);
  }

  @Endpoint('PUT', ':specSlug', {
    operationId: 'createOrUpdateOpenAPISpecBySlug',
    summary: 'Create or update an OpenAPI specification',
    answers: OpenAPISpecResponse,
  })
  async put(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string, @Body() body: CreateOrUpdateOpenAPISpecBody) {
    const { doc, access } = await this.useCases.command(new CreateOrUpdateOpenAPISpec({ slug, source: sourceOf(body.source) }, scope));
    return this.present.spec(doc, access);
  }

  @Endpoint('DELETE', ':specSlug', {
    operationId: 'deleteOpenAPISpecBySlug',
    summary: 'Delete an OpenAPI specification',
    status: 205,
    answers: null,
  })
  async remove(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    await this.useCases.command(new DeleteOpenAPISpec({ slug }, scope));
  }

  @Endpoint('GET', ':specSlug/versions', {
    operationId: 'listOpenAPISpecVersions',
    summary: 'List the versions of an OpenAPI specification',
    answers: [OpenAPISpecVersionResponse],
  })
  async versions(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string, @Query() query: PageQuery) {
    const { spec, result } = await this.useCases.query(new ListOpenAPISpecVersions({ slug, page: pageOf(query) }, scope));
    return envelope(result, (version) => this.present.version(spec, version));
  }

  @Endpoint('GET', ':specSlug/versions/latest', {
    operationId: 'getLatestOpenAPISpecVersion',
    summary: 'Get the latest version of an OpenAPI specification',
    answers: OpenAPISpecVersionResponse,
  })
  async latest(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    const { spec, version } = await this.useCases.query(new GetOpenAPISpecVersion({ slug, ref: LATEST }, scope));
    return this.present.version(spec, version);
  }

  @Endpoint('GET', ':specSlug/versions/latest/content', {
    operationId: 'getLatestOpenAPISpecVersionContent',
    summary: 'Get the content of the latest version',
    answers: OpenAPISpecContentResponse,
  })
  async latestContent(
    @OrgScope() scope: OrganizationScope,
    @Param('specSlug') slug: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { spec, version, documentJson } = await this.useCases.query(new GetOpenAPISpecVersionContent({ slug, ref: LATEST }, scope));
    return asJson(reply, this.present.contentJson(spec, version, documentJson));
  }

  @Endpoint('GET', ':specSlug/versions/latest/content/raw', {
    operationId: 'getLatestOpenAPISpecVersionContentRaw',
    summary: 'Get the raw text of the latest version',
    answers: OpenAPISpecRawContentResponse,
  })
  async latestRaw(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    const { version, text } = await this.useCases.query(new GetOpenAPISpecVersionRawContent({ slug, ref: LATEST }, scope));
    return this.present.raw(version, text);
  }

  @Endpoint('GET', ':specSlug/versions/:versionId', {
    operationId: 'getOpenAPISpecVersionById',
    summary: 'Get a version of an OpenAPI specification',
    answers: OpenAPISpecVersionResponse,
  })
  async version(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string, @Param('versionId') versionId: string) {
    const { spec, version } = await this.useCases.query(new GetOpenAPISpecVersion({ slug, ref: { versionId } }, scope));
    return this.present.version(spec, version);
  }

  @Endpoint('GET', ':specSlug/versions/:versionId/content', {
    operationId: 'getOpenAPISpecVersionContentById',
    summary: 'Get the content of a version',
    answers: OpenAPISpecContentResponse,
  })
  async versionContent(
    @OrgScope() scope: OrganizationScope,
    @Param('specSlug') slug: string,
    @Param('versionId') versionId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { spec, version, documentJson } = await this.useCases.query(
      new GetOpenAPISpecVersionContent({ slug, ref: { versionId } }, scope),
    );
    return asJson(reply, this.present.contentJson(spec, version, documentJson));
  }
}
