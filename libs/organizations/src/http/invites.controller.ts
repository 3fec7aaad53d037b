import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Answers, Caller, commandContext, CurrentCaller, envelope, PageQuery, pageOf } from '@docs/platform';
import { CreateLinkInvite } from '../application/create-link-invite';
import { DeleteLinkInvite } from '../application/delete-link-invite';
import { GetLinkInvite } from '../application/get-link-invite';
import { InviteMembers } from '../application/invite-members';
import { JoinWithLinkInvite } from '../application/join-with-link-invite';
import { ListLinkInvites } from '../application/list-link-invites';
import { OrganizationScope } from '../application/organization-scope';
import { UpdateLinkInvite } from '../application/update-link-invite';
import { InviteUsersBody, LinkInviteBody } from './dto/invite.dto';
import { OrgScope } from './org-scope';
import { OrganizationsPresenter } from './presenters';
import { InviteUsersResponse, JoinOrganizationResponse, LinkInviteResponse } from './responses';

@ApiTags('organization-invites')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId')
export class InvitesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly present: OrganizationsPresenter,
  ) {}

  @Post('invites')
  @HttpCode(200)
  @ApiOperation({ operationId: 'inviteUsersToOrganization', summary: 'Add people to an organization by e-mail address' })
  @Answers(InviteUsersResponse, { status: 200 })
  async invite(@OrgScope() scope: OrganizationScope, @Body() body: InviteUsersBody) {
    const emails = body.emails.map((entry) => (typeof entry === 'string' ? { email: entry } : { email: entry.email, role: entry.role }));
    const result = await this.commands.execute(new InviteMembers({ emails, role: body.role, sso: body.sso ?? false }, scope));
    // Nobody here is a member of another organization's SSO, so no SSO invite fails.
    return { ...result, ...(body.sso ? { failedSSOEmails: [] } : {}) };
  }

  /** The caller is not a member yet: no organization scope. */
  @Post('invites/:inviteId')
  @HttpCode(200)
  @ApiOperation({ operationId: 'joinOrganizationWithInvite', summary: 'Join an organization with a link invite' })
  @Answers(JoinOrganizationResponse, { status: 200 })
  async join(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    await this.commands.execute(new JoinWithLinkInvite({ organizationId, inviteId }, commandContext(caller)));
    return {};
  }

  @Get('link-invites')
  @ApiOperation({ operationId: 'listOrganizationInviteLinks', summary: 'List the link invites of an organization' })
  @Answers.list(LinkInviteResponse)
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const invites = await this.queries.execute(new ListLinkInvites({ page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(invites, (invite) => this.present.linkInvite(invite, caller));
  }

  @Post('link-invites')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationInvite', summary: 'Create a link invite' })
  @Answers(LinkInviteResponse, { status: 201 })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: LinkInviteBody) {
    const invite = await this.commands.execute(new CreateLinkInvite({ role: body.role }, scope));
    return this.present.linkInvite(invite, await scope.member());
  }

  /** Open to non-members holding the link: the caller's membership may be none. */
  @Get('link-invites/:inviteId')
  @ApiOperation({ operationId: 'getOrganizationInviteLink', summary: 'Get a link invite' })
  @Answers(LinkInviteResponse)
  async get(@OrgScope() scope: OrganizationScope, @Param('inviteId') inviteId: string) {
    const invite = await this.queries.execute(new GetLinkInvite({ inviteId }, scope));
    return this.present.linkInvite(invite, await scope.memberIfAny());
  }

  @Patch('link-invites/:inviteId')
  @ApiOperation({ operationId: 'updateOrganizationInviteById', summary: 'Change the role a link invite grants' })
  @Answers(LinkInviteResponse)
  async update(@OrgScope() scope: OrganizationScope, @Param('inviteId') inviteId: string, @Body() body: LinkInviteBody) {
    const invite = await this.commands.execute(new UpdateLinkInvite({ inviteId, role: body.role }, scope));
    return this.present.linkInvite(invite, await scope.member());
  }

  @Delete('link-invites/:inviteId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteOrganizationInviteById', summary: 'Delete a link invite' })
  @Answers.empty(205)
  async remove(@OrgScope() scope: OrganizationScope, @Param('inviteId') inviteId: string) {
    await this.commands.execute(new DeleteLinkInvite({ inviteId }, scope));
  }
}

