import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig, EventStore, randomUUID } from '@docs/platform';
import { IssueApiToken, IssueApiTokenHandler } from './issue-api-token';

export const BOOTSTRAP_OWNER_EMAIL = 'owner@docs.local';

/**
 * First start on an empty store: with DOCS_BOOTSTRAP_TOKEN set, an owner user holding that token
 * is created; without it, the log says how to create a token with the CLI.
 */
@Injectable()
export class BootstrapOwner implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventStore,
    private readonly issueApiToken: IssueApiTokenHandler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'projector') return;
    if ((await this.events.headPosition()) !== null) return;
    if (!this.config.bootstrapToken) {
      this.logger.warn('the store is empty and DOCS_BOOTSTRAP_TOKEN is not set: create a token with `npm run cli -- tokens create --email you@example.com`');
      return;
    }
    const issued = await this.issueApiToken.execute(
      new IssueApiToken(
        { email: process.env.DOCS_BOOTSTRAP_EMAIL || BOOTSTRAP_OWNER_EMAIL, displayName: 'Owner', tokenName: 'bootstrap', secret: this.config.bootstrapToken },
        { actor: 'system', correlationId: `bootstrap-${randomUUID()}` },
      ),
    );
    this.logger.log(`created the owner user ${issued.userId} holding DOCS_BOOTSTRAP_TOKEN`);
  }
}
