import { Type } from '@nestjs/common';
import { Query } from '@nestjs/cqrs';
import { envelope, FindResult, ListEnvelope, UseCaseRoutes } from '@docs/platform';
import { MemberDoc } from '../organizations/organizations.read-model';
import { OrganizationScope } from './organization-scope';

/**
 * The base of an organization's controllers whose answers show what the caller may do: each item
 * is presented with the calling member (their role decides the permissions shown).
 */
export function MemberRoutes<P>(presenter: Type<P>) {
  abstract class Routes extends UseCaseRoutes(presenter) {
    /** A list route's answer: runs the list query, then presents each item of the page to the calling member. */
    protected async presentPageTo<D, T>(
      scope: OrganizationScope,
      query: Query<FindResult<D>>,
      present: (item: D, caller: MemberDoc) => T,
    ): Promise<ListEnvelope<T>> {
      const result = await this.useCases.query(query);
      const caller = await scope.member();
      return envelope(result, (item) => present(item, caller));
    }
  }
  return Routes;
}
