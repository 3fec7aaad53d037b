import { Caller, CommandContext, forbidden } from '@docs/platform';
import { MemberDoc, OrganizationDoc } from '../projections/organizations.read-model';
import { OrganizationAccess } from './organization-access';

interface Membership {
  organization: OrganizationDoc;
  member: MemberDoc;
}

/**
 * The organization a request is about (`/v1/orgs/{organizationId}/…`) and its caller. It is the
 * command context of the request's writes, and looks the caller's membership up on first use and
 * keeps it: resolved once per request, never per list item. Non-members (and disabled members)
 * get 404, so an organization is never revealed to someone outside it.
 */
export class OrganizationScope implements CommandContext {
  private resolved?: Promise<Membership>;

  constructor(
    readonly organizationId: string,
    readonly caller: Caller,
    private readonly access: OrganizationAccess,
  ) {}

  get actor(): string {
    return this.caller.userId;
  }

  get correlationId(): string {
    return this.caller.requestId;
  }

  get idempotencyKey(): string | undefined {
    return this.caller.idempotencyKey;
  }

  /** The organization and the caller's membership in it; 404 for non-members. */
  membership(): Promise<Membership> {
    return (this.resolved ??= this.access.requireMember(this.organizationId, this.caller.userId));
  }

  async member(): Promise<MemberDoc> {
    return (await this.membership()).member;
  }

  /** The caller's membership, when they hold a role (guests get 403 with `message`). */
  async requireRole(message: string): Promise<MemberDoc> {
    const member = await this.member();
    if (member.role === null) throw forbidden(message);
    return member;
  }

  async requireAdmin(message = 'only organization admins can do this'): Promise<MemberDoc> {
    const member = await this.member();
    if (member.role !== 'admin') throw forbidden(message);
    return member;
  }

  /** Forgets the membership, after a write that changed the caller's own. */
  refresh(): void {
    this.resolved = undefined;
  }
}
