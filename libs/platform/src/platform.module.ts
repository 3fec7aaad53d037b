import { DynamicModule, Global, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, Inject } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { Clock, SystemClock } from './clock/clock';
import { APP_CONFIG, AppConfig, loadConfig } from './config/app-config';
import { BlobStore } from './blobs/blob-store';
import { describeBlobStore, openBlobStore } from './blobs/open-blob-store';
import { EventStore } from './event-store/event-store';
import { Upcaster, UpcasterRegistry } from './event-store/upcasters';
import { HealthController } from './health/health.controller';
import { HttpErrorFilter } from './http/http-error.filter';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { Consistency } from './projections/consistency';
import { EventLoopBudget } from './projections/event-loop-budget';
import { UseCases } from './commands/use-cases';
import { WriteKit } from './write/aggregate-writer';
import { Projection } from './projections/projection';
import { ProjectionRegistry } from './projections/projection-registry';
import { ProjectionRunner } from './projections/projection-runner';
import { ReadModels } from './projections/read-models';
import { ReadStore } from './read-store/read-store';
import { openIdempotencyStore, openStores, Stores } from './stores';
import { OutboundFetch } from './outbound/outbound-fetch';
import { openTokenUsageStore, TokenUsageStore } from './auth/token-usage-store';
import { WorkPool } from './work/work-pool';
import { workPoolFromConfig } from './work/work-pool-config';
import { BackgroundJobs } from './jobs/background-jobs';
import { LogJobs } from './jobs/log-jobs';

export interface PlatformOptions {
  /** Every projection of every context (plain objects, see Projection). */
  projections: Projection[];
  upcasters?: Upcaster[];
  /** Overrides environment configuration (tests). */
  config?: AppConfig;
  /** The time events occur at and scheduled jobs run by; the system clock unless a test drives its own. */
  clock?: Clock;
}

const STORES = Symbol('STORES');

/** The shared kernel: configuration, stores, projections, auth guard and error mapping. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Platform');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STORES) private readonly stores: Stores,
    private readonly runner: ProjectionRunner,
    private readonly idempotency: IdempotencyStore,
    private readonly blobs: BlobStore,
    private readonly tokenUsage: TokenUsageStore,
    private readonly work: WorkPool,
  ) {}

  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot()],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: options.config ?? loadConfig() },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        { provide: UpcasterRegistry, useValue: new UpcasterRegistry(options.upcasters ?? []) },
        {
          provide: STORES,
          inject: [APP_CONFIG, UpcasterRegistry],
          useFactory: (config: AppConfig, upcasters: UpcasterRegistry) => openStores(config, upcasters),
        },
        { provide: EventStore, inject: [STORES], useFactory: (s: Stores) => s.events },
        { provide: ReadStore, inject: [STORES], useFactory: (s: Stores) => s.readStore },
        { provide: ProjectionRegistry, useValue: new ProjectionRegistry(options.projections) },
        {
          provide: ProjectionRunner,
          inject: [EventStore, ReadStore, ProjectionRegistry],
          useFactory: (events: EventStore, store: ReadStore, registry: ProjectionRegistry) =>
            new ProjectionRunner(events, store, registry, new Logger('Projections')),
        },
        {
          provide: Consistency,
          inject: [APP_CONFIG, ProjectionRunner, ReadStore, ProjectionRegistry],
          useFactory: (config: AppConfig, runner: ProjectionRunner, store: ReadStore, registry: ProjectionRegistry) =>
            new Consistency(config.role === 'api' ? null : runner, store, config.readYourWritesTimeoutMs, registry),
        },
        // One per process: requests (http-edge.ts) and the lists they run share each pass's budget.
        { provide: EventLoopBudget, useValue: new EventLoopBudget() },
        {
          provide: ReadModels,
          inject: [ReadStore, ProjectionRegistry, EventLoopBudget, ProjectionRunner],
          useFactory: (store: ReadStore, registry: ProjectionRegistry, budget: EventLoopBudget, runner: ProjectionRunner) => {
            const models = new ReadModels(store, registry, budget);
            // Reads follow this process's projections into a new generation at once (a replay's swap).
            runner.onGeneration((projection) => models.forgetGeneration(projection));
            return models;
          },
        },
        WriteKit,
        UseCases,
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        { provide: IdempotencyStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => openIdempotencyStore(config) },
        { provide: BlobStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => openBlobStore(config) },
        { provide: TokenUsageStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => openTokenUsageStore(config) },
        { provide: OutboundFetch, inject: [APP_CONFIG], useFactory: (config: AppConfig) => OutboundFetch.fromConfig(config) },
        { provide: WorkPool, inject: [APP_CONFIG], useFactory: (config: AppConfig) => workPoolFromConfig(config) },
        BackgroundJobs,
        LogJobs,
      ],
      exports: [
        WriteKit,
        UseCases,
        APP_CONFIG,
        Clock,
        EventStore,
        ReadStore,
        ProjectionRegistry,
        ProjectionRunner,
        Consistency,
        ReadModels,
        EventLoopBudget,
        IdempotencyStore,
        BlobStore,
        TokenUsageStore,
        OutboundFetch,
        WorkPool,
        BackgroundJobs,
        LogJobs,
        CqrsModule,
      ],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.logger.log(
      `event store: ${this.stores.describe.events}; read store: ${this.stores.describe.readStore}; blobs: ` +
        `${describeBlobStore(this.config)}`,
    );
    if (this.config.role !== 'api') await this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.work.close();
    await this.runner.stop();
    await this.stores.events.close();
    await this.stores.readStore.close();
    await this.idempotency.close();
    await this.blobs.close();
    await this.tokenUsage.close();
  }
}
