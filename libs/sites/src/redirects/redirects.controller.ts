import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, notFound, Operation, pageOf } from '@docs/platform';
import { SiteScope } from '../shared/sites-scope';
import { Site } from '../shared/site-scope';
import { SiteRoutes } from '../shared/site-routes';
import { BulkRedirectItem, BulkUpsertSiteRedirects } from './bulk-upsert-site-redirects';
import { CreateSiteRedirect } from './create-site-redirect';
import { DeleteSiteRedirect } from './delete-site-redirect';
import { GetSiteRedirectBySource } from './get-site-redirect-by-source';
import { ListSiteRedirects } from './list-site-redirects';
import { RedirectFields } from './redirect.decider';
import { RedirectDestination } from './redirect.domain';
import {
  BulkUpsertSiteRedirectsBody,
  CreateSiteRedirectBody,
  ListSiteRedirectsQuery,
  SiteRedirectBySourceQuery,
  UpdateSiteRedirectBody,
} from './redirect.dto';
import { BulkUpsertSiteRedirectsResponse, presentRedirect, SiteRedirectBySourceResponse, SiteRedirectResponse } from './redirect.response';
import { UpdateSiteRedirect } from './update-site-redirect';

const LOOP =
  'A write after which a reader sent from one of its live redirects would come back where they started ' +
  '(or go through more than 20 redirects) is refused with 409 naming the loop; so is a source another redirect of the same kind has. ' +
  'A destination naming a section or site space the site lacks is a 400: the site has no section, the site has no site space.';

/** The redirects of a site (docs/sites-api.md, "Redirects"). */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class RedirectsController extends SiteRoutes {
  @Endpoint('GET', 'redirects', { answers: [SiteRedirectResponse] })
  @Operation('listSiteRedirects', 'List the live (or draft) redirects of a site, newest first or by source')
  list(@Site() scope: SiteScope, @Query() query: ListSiteRedirectsQuery) {
    const filters = {
      draft: query.draft ?? false,
      orderBy: query.orderBy ?? 'createdAt',
      ...(query.search !== undefined ? { search: query.search } : {}),
    };
    return this.presentPage(new ListSiteRedirects({ ...filters, page: pageOf(query) }, scope), presentRedirect);
  }

  @Endpoint('POST', 'redirects', { status: 201, answers: SiteRedirectResponse })
  @Operation('createSiteRedirect', `Create a redirect of a site. ${LOOP}`)
  async create(@Site() scope: SiteScope, @Body() body: CreateSiteRedirectBody) {
    const redirect: RedirectFields = {
      source: body.source as string,
      draft: (body.draft as boolean | undefined) ?? false,
      captureWildcard: (body.captureWildcard as boolean | undefined) ?? false,
      permanent: (body.permanent as boolean | undefined) ?? false,
      destination: body.destination as RedirectDestination,
    };
    return presentRedirect(await this.useCases.command(new CreateSiteRedirect({ redirect }, scope)));
  }

  @Endpoint('PUT', 'redirects', { status: 200, answers: BulkUpsertSiteRedirectsResponse })
  @Operation(
    'bulkUpsertSiteRedirects',
    `Create, update, delete (destination null) or publish up to 500 redirects, each answered apart. ${LOOP}`,
  )
  async bulk(@Site() scope: SiteScope, @Body() body: BulkUpsertSiteRedirectsBody) {
    const items = body.redirects as BulkRedirectItem[];
    return { results: await this.useCases.command(new BulkUpsertSiteRedirects({ items }, scope)) };
  }

  @Endpoint('GET', 'redirect', { answers: SiteRedirectBySourceResponse })
  @Operation(
    'getSiteRedirectBySource',
    'The live redirect that applies to a path (its own source, else the longest wildcard), and its target URL',
  )
  async bySource(@Site() scope: SiteScope, @Query() query: SiteRedirectBySourceQuery) {
    const { redirect, target } = await this.useCases.query(
      new GetSiteRedirectBySource({ source: query.source, shareKey: query.shareKey }, scope),
    );
    return { redirect: presentRedirect(redirect), target };
  }

  @Endpoint('PATCH', 'redirects/:siteRedirectId', { answers: SiteRedirectResponse })
  @Operation('updateSiteRedirectById', `Change a redirect of a site (draft false makes a draft live). ${LOOP}`)
  async update(@Site() scope: SiteScope, @Param('siteRedirectId') redirectId: string, @Body() body: UpdateSiteRedirectBody) {
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<RedirectFields>;
    return presentRedirect(await this.useCases.command(new UpdateSiteRedirect({ redirectId, changes }, scope)));
  }

  @Endpoint('DELETE', 'redirects/:siteRedirectId', { status: 205, answers: null })
  @Operation('deleteSiteRedirectById', 'Delete a redirect of a site: 205; 404 when the site has no such redirect')
  async remove(@Site() scope: SiteScope, @Param('siteRedirectId') redirectId: string) {
    // As every other id of a path: one the site does not have is not found (prototype-names.e2e-spec.ts).
    if (!(await this.useCases.command(new DeleteSiteRedirect({ redirectId }, scope)))) throw notFound('redirect not found');
  }
}
