import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { memberActivityId } from './member-activity.decider';
import { MemberActivityWriter } from './member-activity-writer';
import { OrganizationScope } from '../shared/organization-scope';
import { VisitorClaimsSigner } from './visitor-claims';

/** No props: the caller pings the scope's organization. */
export class PingOrganization extends Command<{ serviceVisitorClaims: string }> {
  constructor(readonly scope: OrganizationScope) {
    super();
  }
}

/**
 * POST /v1/orgs/{organizationId}/ping: members only. Records that the calling member was seen
 * (MemberSeen, in the member's own activity stream, at most one a minute) and returns a signed
 * claims token naming the user and the organization.
 */
@CommandHandler(PingOrganization)
export class PingOrganizationHandler implements ICommandHandler<PingOrganization> {
  constructor(
    private readonly activity: MemberActivityWriter,
    private readonly signer: VisitorClaimsSigner,
  ) {}

  async execute({ scope }: PingOrganization): Promise<{ serviceVisitorClaims: string }> {
    const { organizationId, actor: userId } = scope;
    await scope.member();
    const at = new Date().toISOString();
    await this.activity.execute(memberActivityId(organizationId, userId), { type: 'PingOrganization', organizationId, userId, at }, scope);
    return { serviceVisitorClaims: await this.signer.sign({ userId, organizationId }) };
  }
}
