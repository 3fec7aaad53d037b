import { Body } from '@nestjs/common';
import { ApiController, Endpoint, Operation, sentFields } from '@docs/platform';
import { SiteScope } from '../shared/sites-scope';
import { Site } from '../shared/site-scope';
import { SiteRoutes } from '../shared/site-routes';
import { GetSiteVisitorAuth, RegenerateSiteVisitorAuthKey, UpdateSiteVisitorAuth } from './site-visitor-auth';
import { UpdateSitePublishingAuthBody } from './visitor-auth.dto';
import { publishingAuth, SitePublishingAuthResponse } from './visitor-auth.response';

/** The visitor authentication of a site (GitBook's publishing auth, custom backend): the JWT key and login URL; managers only. */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class VisitorAuthController extends SiteRoutes {
  @Endpoint('GET', 'publishing/auth', { answers: SitePublishingAuthResponse })
  @Operation('getSitePublishingAuthById', 'Get the visitor authentication of a site, its key masked (404 until a key is set)')
  async get(@Site() scope: SiteScope) {
    return publishingAuth(await this.useCases.query(new GetSiteVisitorAuth({}, scope)));
  }

  @Endpoint('PATCH', 'publishing/auth', { answers: SitePublishingAuthResponse })
  @Operation('updateSitePublishingAuthById', "Set the key that signs visitors' JWTs and the URL readers without one are sent to")
  async update(@Site() scope: SiteScope, @Body() body: UpdateSitePublishingAuthBody) {
    const props = sentFields(body, ['privateKey', 'fallbackURL', 'logoutURL']);
    return publishingAuth(await this.useCases.command(new UpdateSiteVisitorAuth(props, scope)));
  }

  @Endpoint('POST', 'publishing/auth/regenerate', { status: 200, answers: SitePublishingAuthResponse })
  @Operation(
    'regenerateSitePublishingAuthById',
    "Replace the key that signs visitors' JWTs with a new random one: tokens signed with the old key stop working at once " +
      '(404 until a key is set)',
  )
  async regenerate(@Site() scope: SiteScope) {
    return publishingAuth(await this.useCases.command(new RegenerateSiteVisitorAuthKey({}, scope)));
  }
}
