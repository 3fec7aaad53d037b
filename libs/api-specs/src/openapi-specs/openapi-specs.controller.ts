import { Body, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiController, Endpoint, Operation, envelope, pageOf, PageQuery, UseCaseRoutes } from '@docs/platform';
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
import { SourceInput, SpecView, VersionRef } from './openapi-spec-views';
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
export class OpenAPISpecsController extends UseCaseRoutes(OpenAPISpecsPresenter) {
  @Endpoint('GET', '', { answers: [OpenAPISpecResponse] })
  @Operation('listOpenAPISpecs', 'List the OpenAPI specifications of an organization')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const { result, access } = await this.useCases.query(new ListOpenAPISpecs({ page: pageOf(query) }, scope));
    return envelope(result, (doc) => this.present.spec(doc, access));
  }

  @Endpoint('POST', '', { answers: OpenAPISpecResponse, located: true })
  @Operation('createOpenAPISpec', 'Create an OpenAPI specification')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateOpenAPISpecBody) {
    return this.spec(this.useCases.command(new CreateOpenAPISpec({ slug: body.slug, source: sourceOf(body.source) }, scope)));
  }

  @Endpoint('GET', ':specSlug', { answers: OpenAPISpecResponse })
  @Operation('getOpenAPISpecBySlug', 'Get an OpenAPI specification')
  async get(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    return this.spec(this.useCases.query(new GetOpenAPISpec({ slug }, scope)));
  }

  @Endpoint('PUT', ':specSlug', { answers: OpenAPISpecResponse })
  @Operation('createOrUpdateOpenAPISpecBySlug', 'Create or update an OpenAPI specification')
  async put(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string, @Body() body: CreateOrUpdateOpenAPISpecBody) {
    return this.spec(this.useCases.command(new CreateOrUpdateOpenAPISpec({ slug, source: sourceOf(body.source) }, scope)));
  }

  @Endpoint('DELETE', ':specSlug', { status: 205, answers: null })
  @Operation('deleteOpenAPISpecBySlug', 'Delete an OpenAPI specification')
  async remove(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    await this.useCases.command(new DeleteOpenAPISpec({ slug }, scope));
  }

  @Endpoint('GET', ':specSlug/versions', { answers: [OpenAPISpecVersionResponse] })
  @Operation('listOpenAPISpecVersions', 'List the versions of an OpenAPI specification')
  async versions(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string, @Query() query: PageQuery) {
    const { spec, result } = await this.useCases.query(new ListOpenAPISpecVersions({ slug, page: pageOf(query) }, scope));
    return envelope(result, (version) => this.present.version(spec, version));
  }

  @Endpoint('GET', ':specSlug/versions/latest', { answers: OpenAPISpecVersionResponse })
  @Operation('getLatestOpenAPISpecVersion', 'Get the latest version of an OpenAPI specification')
  async latest(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    return this.versionAt(scope, slug, LATEST);
  }

  @Endpoint('GET', ':specSlug/versions/latest/content', { answers: OpenAPISpecContentResponse })
  @Operation('getLatestOpenAPISpecVersionContent', 'Get the content of the latest version')
  async latestContent(
    @OrgScope() scope: OrganizationScope,
    @Param('specSlug') slug: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.contentAt(scope, slug, LATEST, reply);
  }

  @Endpoint('GET', ':specSlug/versions/latest/content/raw', { answers: OpenAPISpecRawContentResponse })
  @Operation('getLatestOpenAPISpecVersionContentRaw', 'Get the raw text of the latest version')
  async latestRaw(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string) {
    const { version, text } = await this.useCases.query(new GetOpenAPISpecVersionRawContent({ slug, ref: LATEST }, scope));
    return this.present.raw(version, text);
  }

  @Endpoint('GET', ':specSlug/versions/:versionId', { answers: OpenAPISpecVersionResponse })
  @Operation('getOpenAPISpecVersionById', 'Get a version of an OpenAPI specification')
  async version(@OrgScope() scope: OrganizationScope, @Param('specSlug') slug: string, @Param('versionId') versionId: string) {
    return this.versionAt(scope, slug, { versionId });
  }

  @Endpoint('GET', ':specSlug/versions/:versionId/content', { answers: OpenAPISpecContentResponse })
  @Operation('getOpenAPISpecVersionContentById', 'Get the content of a version')
  async versionContent(
    @OrgScope() scope: OrganizationScope,
    @Param('specSlug') slug: string,
    @Param('versionId') versionId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.contentAt(scope, slug, { versionId }, reply);
  }

  /** A spec with what the caller may do with it. */
  private async spec(view: Promise<SpecView>): Promise<OpenAPISpecResponse> {
    const { doc, access } = await view;
    return this.present.spec(doc, access);
  }

  /** A version of a spec: the latest, or one by id. */
  private async versionAt(scope: OrganizationScope, slug: string, ref: VersionRef): Promise<OpenAPISpecVersionResponse> {
    const { spec, version } = await this.useCases.query(new GetOpenAPISpecVersion({ slug, ref }, scope));
    return this.present.version(spec, version);
  }

  /** The content of a version (the latest, or one by id), as the JSON text the presenter writes. */
  private async contentAt(scope: OrganizationScope, slug: string, ref: VersionRef, reply: FastifyReply): Promise<string> {
    const { spec, version, documentJson } = await this.useCases.query(new GetOpenAPISpecVersionContent({ slug, ref }, scope));
    return asJson(reply, this.present.contentJson(spec, version, documentJson));
  }
}
