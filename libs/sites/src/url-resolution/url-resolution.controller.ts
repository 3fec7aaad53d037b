import { Body, Headers, Query } from '@nestjs/common';
import { AnswersWithoutWriting, ApiController, Caller, CurrentCaller, Endpoint, Operation, sentFields } from '@docs/platform';
import { SiteRoutes } from '../shared/site-routes';
import { PublishedUrlQuery, ResolvePublishedUrlBody } from './published-url.dto';
import { PublishedContentExternalRedirectResponse, publishedContent, PublishedSiteContentResponse } from './published-content.response';
import { ResolvePublishedContent, ResolvePublishedContentProps } from './resolve-published-content';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const ANSWERS = { oneOf: [PublishedSiteContentResponse, PublishedContentExternalRedirectResponse] };

/**
 * What a URL of a served site names (docs/sites-api.md, "Published URLs"): the site, section, site
 * space, space, revision and page, for a caller who may see the site's organization's sites.
 */
@ApiController('v1/urls', 'urls')
export class UrlResolutionController extends SiteRoutes {
  @Endpoint('GET', 'published', { answers: ANSWERS, deprecated: true })
  @Operation('getPublishedContentByUrl', 'Resolve a URL of a published site (deprecated, as GitBook has it: POST resolves the same)')
  async get(@CurrentCaller() caller: Caller, @Headers('authorization') authorization: string, @Query() query: PublishedUrlQuery) {
    const token = sentFields({ visitorToken: query.visitorAuthToken }, ['visitorToken']);
    return this.answer(caller, authorization, { url: query.url, redirectOnError: query.redirectOnError ?? false, ...token });
  }

  @Endpoint('POST', 'published', { status: 200, answers: ANSWERS })
  @AnswersWithoutWriting()
  @Operation('resolvePublishedContentByUrl', 'Resolve a URL of a published site: its site, section, site space, space, revision and page')
  async resolve(@CurrentCaller() caller: Caller, @Headers('authorization') authorization: string, @Body() body: ResolvePublishedUrlBody) {
    const visitor = body.visitor ?? {};
    return this.answer(caller, authorization, {
      url: body.url,
      redirectOnError: body.redirectOnError ?? false,
      ...sentFields({ visitorToken: visitor.jwtToken, unsignedClaims: visitor.unsignedClaims }, ['visitorToken', 'unsignedClaims']),
    });
  }

  private async answer(caller: Caller, authorization: string, props: ResolvePublishedContentProps) {
    const lookup = await this.useCases.query(new ResolvePublishedContent(props, caller));
    // The route is authenticated: the header holds the caller's token.
    return publishedContent(lookup, BEARER.exec(authorization)?.[1] ?? '');
  }
}
