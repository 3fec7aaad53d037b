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
  /**
   * Per projection: its current generation, when it was read, and the physical names built for it.
   * Handing out the same string for a collection each time lets every Map lookup downstream (layouts,
   * cached documents) reuse the string's hash instead of building and hashing a new name per read.
   */
  private readonly generations = new Map<string, { generation: number; at: number; names: Map<string, string> }>();

  constructor(
    private readonly store: ReadStore,
    private readonly registry: ProjectionRegistry,
    private readonly budget: EventLoopBudget = new EventLoopBudget(),
  ) {}

  /** The projection moved to another generation (ProjectionRunner.onGeneration): the next read looks it up again. */
  forgetGeneration(projection: string): void {
    this.generations.delete(projection);
  }

  async physical(ref: CollectionRef<Doc>): Promise<string> {
    return this.freshName(ref) ?? this.refreshName(ref);
  }

  /** The physical name while the generation read for its projection is fresh; undefined otherwise. */
  private freshName(ref: CollectionRef<Doc>): string | undefined {
    const collection = collectionName(ref);
    const projection = this.registry.ownerOf(collection);
    const cached = this.generations.get(projection.name);
    if (!cached || Date.now() - cached.at > GENERATION_TTL_MS) return undefined;
    let name = cached.names.get(collection);
    if (name === undefined) cached.names.set(collection, (name = physicalCollection(collection, projection.version, cached.generation)));
    return name;
  }

  private async refreshName(ref: CollectionRef<Doc>): Promise<string> {
    const projection = this.registry.ownerOf(collectionName(ref));
    const state = await this.store.getProjectionState(projection.name);
    const generation = state && state.version === projection.version ? state.generation : 0;
    const previous = this.generations.get(projection.name);
    this.generations.set(projection.name, {
      generation,
      at: Date.now(),
      names: previous?.generation === generation ? previous.names : new Map(),
    });
    return this.freshName(ref)!;
  }

  get<T extends Doc>(collection: CollectionRef<T>, id: string): Promise<T | null> {
    const name = this.freshName(collection);
    return name !== undefined ? this.store.get<T>(name, id) : this.physical(collection).then((fresh) => this.store.get<T>(fresh, id));
  }

  getMany<T extends Doc>(collection: CollectionRef<T>, ids: string[]): Promise<T[]> {
    const name = this.freshName(collection);
    return name !== undefined
      ? this.store.getMany<T>(name, ids)
      : this.physical(collection).then((fresh) => this.store.getMany<T>(fresh, ids));
  }

  /**
   * The document, only when its `field` holds `value`: a document of another organization is as
   * good as none to a query about this one (`getIn(TEAMS, teamId, 'organizationId', organizationId)`).
   */
  async getIn<T extends Doc, K extends keyof T & string>(
    collection: CollectionRef<T>,
    id: string,
    field: K,
    value: T[K],
  ): Promise<T | null> {
    const doc = await this.get(collection, id);
    return doc && doc[field] === value ? doc : null;
  }

  /**
   * A page of the documents whose `field` holds `value`, in `sort` order: one index range when the
   * collection declares the index `[field, sort.field]`
   * (`findIn(TEAMS, 'organizationId', organizationId, OLDEST_FIRST, page)`).
   */
  findIn<T extends Doc>(
    collection: CollectionRef<T>,
    field: keyof T & string,
    value: Scalar,
    sort: Sort,
    page: Page,
  ): Promise<FindResult<T>> {
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
