import { Query } from '@nestjs/cqrs';
import { Caller, CallerScope, forbidden, notFound, ScopedCommand, ScopedQuery } from '@docs/platform';
import { RoleOrGuest } from './roles.domain';
import { MemberDoc, OrganizationDoc, OrganizationsReadModel, Standing } from '../organizations/organizations.read-model';

interface Membership {
  organization: OrganizationDoc;
  member: MemberDoc;
}

/** A member who can act in the organization (disabled members cannot). */
const active = (member: MemberDoc | null): MemberDoc | null => (member && !member.disabled ? member : null);

/**
 * The organization a request is about (`/v1/orgs/{organizationId}/…`) and its caller. It is the
 * command context of the request's writes, and looks the caller's membership up on first use and
 * keeps it: resolved once per request, never per list item. Non-members (and disabled members)
 * get 404, so an organization is never revealed to someone outside it.
 */
export class OrganizationScope extends CallerScope {
  private resolved?: Promise<Standing>;

  constructor(
    readonly organizationId: string,
    caller: Caller,
    private readonly read: OrganizationsReadModel,
  ) {
    super(caller, organizationId);
  }

  /**
   * What exists, whoever the caller is: the organization and the caller's membership, either
   * possibly null. Only for routes open to non-members (a link invite looked at before joining).
   */
  standing(): Promise<Standing> {
    return (this.resolved ??= this.read.standing(this.organizationId, this.caller.userId));
  }

  /** The organization and the caller's membership in it; 404 for non-members. */
  async membership(): Promise<Membership> {
    const { organization, member } = await this.standing();
    const acting = active(member);
    if (!organization || !acting) throw notFound('organization not found');
    return { organization, member: acting };
  }

  async member(): Promise<MemberDoc> {
    return (await this.membership()).member;
  }

  /** Whether the caller is an admin of the organization (404 for non-members). */
  async isAdmin(): Promise<boolean> {
    return (await this.member()).role === 'admin';
  }

  /** The caller's membership, or null when they are not a member (no 404). */
  async memberIfAny(): Promise<MemberDoc | null> {
    const { organization, member } = await this.standing();
    return organization ? active(member) : null;
  }

  /** The caller's membership, when they hold a role (guests get 403 with `message`). */
  async requireRole(message: string): Promise<MemberDoc> {
    return this.requireAllowed((role) => role !== null, message);
  }

  /** The caller's membership, when a resource's policy (`allowed`, asked with their role) lets them: 403 with `message` otherwise. */
  async requireAllowed(allowed: (role: RoleOrGuest) => boolean, message: string): Promise<MemberDoc> {
    const member = await this.member();
    if (!allowed(member.role)) throw forbidden(message);
    return member;
  }

  async requireAdmin(message = 'only organization admins can do this'): Promise<MemberDoc> {
    const member = await this.member();
    if (member.role !== 'admin') throw forbidden(message);
    return member;
  }

  /**
   * A member as the caller may see them: themselves always, anyone else when the caller holds a role
   * (guests get 403 with `guestsMessage`); 404 for someone who is not a member.
   */
  async visibleMember(userId: string, guestsMessage: string): Promise<MemberDoc> {
    if (userId === this.actor) return this.member();
    await this.requireRole(guestsMessage);
    return this.read.member(this.organizationId, userId);
  }

  /** Forgets the membership, after a write that changed the caller's own: the next read looks it up again. */
  refresh(): void {
    this.resolved = undefined;
  }
}

/** A command about one organization: its named props, and the request's organization scope as its context. */
export abstract class OrganizationCommand<P, R = void> extends ScopedCommand<P, OrganizationScope, R> {}

/** A query about one organization: its named props, and the request's organization scope. */
export abstract class OrganizationQuery<P, R> extends ScopedQuery<P, OrganizationScope, R> {}

/** A query about the organization itself, which the scope names: no props. */
export abstract class ScopeQuery<R> extends Query<R> {
  constructor(readonly scope: OrganizationScope) {
    super();
  }
}
