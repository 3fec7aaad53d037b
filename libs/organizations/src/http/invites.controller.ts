import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, commandContext, CurrentCaller, envelope, PageQuery, pageOf } from '@docs/platform';
import { CreateLinkInvite } from '../application/create-link-invite';
import { DeleteLinkInvite } from '../application/delete-link-invite';
import { InviteMembers } from '../application/invite-members';
import { JoinWithLinkInvite } from '../application/join-with-link-invite';
import { GetLinkInvite, ListLinkInvites } from '../application/list-link-invites';
import { UpdateLinkInvite } from '../application/update-link-invite';
import { InviteUsersBody, LinkInviteBody } from './dto/invite.dto';
import { OrganizationsPresenter } from './presenters';

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
  async invite(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: InviteUsersBody) {
    const emails = body.emails.map((entry) => (typeof entry === 'string' ? { email: entry } : { email: entry.email, role: entry.role }));
    const result = await this.commands.execute(new InviteMembers(organizationId, emails, body.role, body.sso ?? false, commandContext(caller)));
    // Nobody here is a member of another organization's SSO, so no SSO invite fails.
    return { ...result, ...(body.sso ? { failedSSOEmails: [] } : {}) };
  }

  @Post('invites/:inviteId')
  @HttpCode(200)
  @ApiOperation({ operationId: 'joinOrganizationWithInvite', summary: 'Join an organization with a link invite' })
  async join(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    await this.commands.execute(new JoinWithLinkInvite(organizationId, inviteId, commandContext(caller)));
    return {};
  }

  @Get('link-invites')
  @ApiOperation({ operationId: 'listOrganizationInviteLinks', summary: 'List the link invites of an organization' })
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: PageQuery) {
    const { invites, caller: member } = await this.queries.execute(new ListLinkInvites(organizationId, caller.userId, pageOf(query)));
    return envelope(invites, (invite) => this.present.linkInvite(invite, member));
  }

  @Post('link-invites')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationInvite', summary: 'Create a link invite' })
  async create(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: LinkInviteBody) {
    const invite = await this.commands.execute(new CreateLinkInvite(organizationId, body.role, commandContext(caller)));
    return this.present.linkInvite(invite, await this.callerMembership(organizationId, caller, invite.id));
  }

  @Get('link-invites/:inviteId')
  @ApiOperation({ operationId: 'getOrganizationInviteLink', summary: 'Get a link invite' })
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    const { invite, caller: member } = await this.queries.execute(new GetLinkInvite(organizationId, caller.userId, inviteId));
    return this.present.linkInvite(invite, member);
  }

  @Patch('link-invites/:inviteId')
  @ApiOperation({ operationId: 'updateOrganizationInviteById', summary: 'Change the role a link invite grants' })
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('inviteId') inviteId: string,
    @Body() body: LinkInviteBody,
  ) {
    const invite = await this.commands.execute(new UpdateLinkInvite(organizationId, inviteId, body.role, commandContext(caller)));
    return this.present.linkInvite(invite, await this.callerMembership(organizationId, caller, invite.id));
  }

  @Delete('link-invites/:inviteId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteOrganizationInviteById', summary: 'Delete a link invite' })
  async remove(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    await this.commands.execute(new DeleteLinkInvite(organizationId, inviteId, commandContext(caller)));
  }

  private async callerMembership(organizationId: string, caller: Caller, inviteId: string) {
    return (await this.queries.execute(new GetLinkInvite(organizationId, caller.userId, inviteId))).caller;
  }
}
