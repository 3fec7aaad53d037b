import { Inject, Injectable, Type } from '@nestjs/common';
import { Query } from '@nestjs/cqrs';
import { UseCases } from '../commands/use-cases';
import { FindResult } from '../read-store/query';
import { envelope, ListEnvelope } from './pagination';

/**
 * The base of a controller whose routes run use cases and answer with one presenter: it holds
 * both (`this.useCases`, `this.present`), so the controller itself declares only its routes.
 *
 *   @ApiController('v1/orgs/:organizationId', 'teams')
 *   export class TeamsController extends UseCaseRoutes(TeamsPresenter) { ... }
 */
export function UseCaseRoutes<P>(presenter: Type<P>) {
  @Injectable()
  class Routes {
    constructor(
      protected readonly useCases: UseCases,
      @Inject(presenter) protected readonly present: P,
    ) {}

    /** A list route's answer: runs the list query and presents each item of the page it finds (`{ items, count, next? }`). */
    protected async presentPage<D, T>(query: Query<FindResult<D>>, present: (item: D) => T): Promise<ListEnvelope<T>> {
      return envelope(await this.useCases.query(query), present);
    }
  }
  return Routes;
}
