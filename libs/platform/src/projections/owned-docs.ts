import { found } from '@docs/kernel';
import { Doc, FindResult, OLDEST_FIRST, Page, Scalar, Sort } from '../read-store/query';
import { ReadModel } from './read-model';
import { ReadModels } from './read-models';

/**
 * The documents of a collection that each belong to an owner (`organizationId`, `specId`...): one
 * by id, 404 when it is missing or another owner's (so another owner's is never revealed), and an
 * owner's list in `order`, one index range (declare the list `[owner, order.field]`). A read model
 * whose documents are only ever read this way extends it.
 */
export class OwnedDocs<T extends Doc, K extends keyof T & string> {
  constructor(
    protected readonly readModels: ReadModels,
    private readonly collection: ReadModel<T>,
    private readonly owner: K,
    private readonly notFound: string,
    private readonly order: Sort = OLDEST_FIRST,
  ) {}

  async get(owner: T[K], id: string): Promise<T> {
    return found(await this.readModels.getIn(this.collection, id, this.owner, owner), this.notFound);
  }

  list(owner: T[K] & Scalar, page: Page): Promise<FindResult<T>> {
    return this.readModels.findIn(this.collection, this.owner, owner, this.order, page);
  }
}
