import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Caller, commandContext, CurrentCaller, Endpoint, Operation, pageOf, PageQuery } from '@docs/platform';
import { CreateLinkInvite } from './create-link-invite';
import { DeleteLinkInvite } from './delete-link-invite';
import { GetLinkInvite } from './get-link-invite';
import { InviteMembers } from './invite-members';
import { JoinWithLinkInvite } from './join-with-link-invite';
import { ListLinkInvites } from './list-link-invites';
import { OrganizationScope } from '../shared/organization-scope';
import { UpdateLinkInvite } from './update-link-invite';
import { CreateLinkInviteBody, InviteUsersBody, LinkInviteBody } from './invite.dto';
import { OrgScope } from '../shared/org-scope';
import { MemberRoutes } from '../shared/member-routes';
import { OrganizationsPresenter } from '../organizations/organizations.presenter';
import { InviteUsersResponse, JoinOrganizationResponse, LinkInviteResponse } from '../responses';

@ApiController('v1/orgs/:organizationId', 'organization-invites')
export class InvitesController extends MemberRoutes(OrganizationsPresenter) {
  @Endpoint('POST', 'invites', { status: 200, answers: InviteUsersResponse })
  @Operation('inviteUsersToOrganization', 'Add people to an organization by e-mail address')
  async invite(@OrgScope() scope: OrganizationScope, @Body() body: InviteUsersBody) {
    const emails = body.emails.map((entry) => (typeof entry === 'string' ? { email: entry } : { email: entry.email, role: entry.role }));
    const result = await this.useCases.command(new InviteMembers({ emails, role: body.role, sso: body.sso ?? false }, scope));
    // Nobody here is a member of another organization's SSO, so no SSO invite fails.
    return { ...result, ...(body.sso ? { failedSSOEmails: [] } : {}) };
  }

  /** The caller is not a member yet: no organization scope. */
  @Endpoint('POST', 'invites/:inviteId', { status: 200, answers: JoinOrganizationResponse })
  @Operation('joinOrganizationWithInvite', 'Join an organization with a link invite')
  async join(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    await this.useCases.command(new JoinWithLinkInvite({ organizationId, inviteId }, commandContext(caller)));
    return {};
  }

  @Endpoint('GET', 'link-invites', { answers: [LinkInviteResponse] })
  @Operation('listOrganizationInviteLinks', 'List the link invites of an organization')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const list = new ListLinkInvites({ page: pageOf(query) }, scope);
    return this.presentPageTo(scope, list, (invite, caller) => this.present.linkInvite(invite, caller));
  }

  @Endpoint('POST', 'link-invites', { answers: LinkInviteResponse })
  @Operation('createOrganizationInvite', 'Create a link invite')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateLinkInviteBody) {
    const invite = await this.useCases.command(new CreateLinkInvite({ role: body.role }, scope));
    return this.present.linkInvite(invite, await scope.member());
  }

  /** Open to non-members holding the link: the caller's membership may be none. */
  @Endpoint('GET', 'link-invites/:inviteId', { answers: LinkInviteResponse })
  @Operation('getOrganizationInviteLink', 'Get a link invite')
  async get(@OrgScope() scope: OrganizationScope, @Param('inviteId') inviteId: string) {
    const invite = await this.useCases.query(new GetLinkInvite({ inviteId }, scope));
    return this.present.linkInvite(invite, await scope.memberIfAny());
  }

  @Endpoint('PATCH', 'link-invites/:inviteId', { answers: LinkInviteResponse })
  @Operation('updateOrganizationInviteById', 'Change the role a link invite grants')
  async update(@OrgScope() scope: OrganizationScope, @Param('inviteId') inviteId: string, @Body() body: LinkInviteBody) {
    const invite = await this.useCases.command(new UpdateLinkInvite({ inviteId, role: body.role }, scope));
    return this.present.linkInvite(invite, await scope.member());
  }

  @Endpoint('DELETE', 'link-invites/:inviteId', { status: 205, answers: null })
  @Operation('deleteOrganizationInviteById', 'Delete a link invite')
  async remove(@OrgScope() scope: OrganizationScope, @Param('inviteId') inviteId: string) {
    await this.useCases.command(new DeleteLinkInvite({ inviteId }, scope));
  }
}
