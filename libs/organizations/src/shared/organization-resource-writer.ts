import { AggregateWriter, CommandOutcome, DomainEvent } from '@docs/platform';
import { OrganizationScope } from './organization-scope';

/** A command about the scope's organization, less the organization: the writer names it. */
export type ResourceCommand<C> = C extends unknown ? Omit<C, 'organizationId'> : never;

/**
 * Writes an aggregate an organization owns (a team, a SAML provider, translation settings): its
 * writes run in the organization's scope, and each of its commands names that organization.
 */
export abstract class OrganizationResourceWriter<
  S,
  C extends { type: string; organizationId: string },
  E extends DomainEvent,
  F,
> extends AggregateWriter<S, C, E, F, OrganizationScope> {
  /** `command`, about the scope's organization, to the instance `id`. */
  executeIn(id: string, command: ResourceCommand<C>, scope: OrganizationScope): Promise<CommandOutcome<S, E>> {
    return this.execute(id, { ...command, organizationId: scope.organizationId } as C, scope);
  }
}
