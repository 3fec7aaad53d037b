import { Doc, FindQuery, FindResult, Page, Scalar, Sort } from '../read-store/query';
import { physicalCollection, ReadStore } from '../read-store/read-store';
import { TextSearchQuery, TextSearchResult } from '../read-store/text-search';
import { EventLoopBudget } from './event-loop-budget';
import { ProjectionRegistry } from './projection-registry';
import { collectionName, CollectionRef } from './read-model';

const GENERATION_TTL_MS = 1000;

/**
 * The query side's view of the read store: logical collection names, resolved to the physical
 * collection of the owning projection's current version and generation. The generation is re-read
 * at most every second, so a replay's swap reaches every API process (the old copy is dropped later).
 * Lists take turns on the event loop (EventLoopBudget), so a burst of them cannot starve other
 * requests; point reads are microseconds and go straight through.
 */
export class ReadModels {
  private readonly generations = new Map<string, { generation: number; at: number }>();

  constructor(
    private readonly store: ReadStore,
    private readonly registry: ProjectionRegistry,
    private readonly budget: EventLoopBudget = new EventLoopBudget(),
  ) {}

  async physical(ref: CollectionRef<Doc>): Promise<string> {
    const collection = collectionName(ref);
    const projection = this.registry.ownerOf(collection);
    const cached = this.generations.get(projection.name);
    const now = Date.now();
    let generation = cached?.generation ?? 0;
    if (!cached || now - cached.at > GENERATION_TTL_MS) {
      const state = await this.store.getProjectionState(projection.name);
      generation = state && state.version === projection.version ? state.generation : 0;
      this.generations.set(projection.name, { generation, at: now });
    }
    return physicalCollection(collection, projection.version, generation);
  }

  async get<T extends Doc>(collection: CollectionRef<T>, id: string): Promise<T | null> {
    return this.store.get<T>(await this.physical(collection), id);
  }

  async getMany<T extends Doc>(collection: CollectionRef<T>, ids: string[]): Promise<T[]> {
    return this.store.getMany<T>(await this.physical(collection), ids);
  }

  /**
   * The document, only when its `field` holds `value`: a document of another organization is as
   * good as none to a query about this one (`getIn(TEAMS, teamId, 'organizationId', organizationId)`).
   */
  async getIn<T extends Doc, K extends keyof T & string>(collection: CollectionRef<T>, id: string, field: K, value: T[K]): Promise<T | null> {
    const doc = await this.get(collection, id);
    return doc && doc[field] === value ? doc : null;
  }

  /**
   * A page of the documents whose `field` holds `value`, in `sort` order: one index range when the
   * collection declares the index `[field, sort.field]`
   * (`findIn(TEAMS, 'organizationId', organizationId, OLDEST_FIRST, page)`).
   */
  findIn<T extends Doc>(collection: CollectionRef<T>, field: keyof T & string, value: Scalar, sort: Sort, page: Page): Promise<FindResult<T>> {
    return this.find(collection, { where: [{ field, op: 'eq', value }], sort, ...page });
  }

  async find<T extends Doc>(collection: CollectionRef<T>, query: FindQuery): Promise<FindResult<T>> {
    await this.budget.turn();
    return this.store.find<T>(await this.physical(collection), query);
  }

  /** Ranked full-text search (text-search.ts); takes its turn like a list. */
  async search<T extends Doc>(collection: CollectionRef<T>, query: TextSearchQuery): Promise<TextSearchResult<T>> {
    await this.budget.turn();
    return this.store.search<T>(await this.physical(collection), query);
  }

  async count(collection: CollectionRef<Doc>, query: Pick<FindQuery, 'where'>): Promise<number> {
    await this.budget.turn();
    return this.store.count(await this.physical(collection), query);
  }
}
