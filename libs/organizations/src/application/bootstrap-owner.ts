import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig, EventStore, hashToken, randomUUID, streamOf } from '@docs/platform';
import { ApiTokenIssued, ApiTokenRevoked, userAggregate, userIdForEmail } from '../domain/user';
import { IssueApiToken, IssueApiTokenHandler } from './issue-api-token';

export const BOOTSTRAP_OWNER_EMAIL = 'owner@docs.local';
const CREATE_A_TOKEN = 'npm run -s cli -- tokens create --email you@example.com';

/**
 * First start on an empty store: with DOCS_BOOTSTRAP_TOKEN set, an owner user holding that token
 * is created (DOCS_BOOTSTRAP_EMAIL, default owner@docs.local); without it, the log says how to
 * create a token with the CLI. On a store that is not empty the variable is ignored, and the log
 * says so and whether the token given is the owner's from the first start. The secret itself is
 * never logged.
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
    const email = process.env.DOCS_BOOTSTRAP_EMAIL || BOOTSTRAP_OWNER_EMAIL;
    const secret = this.config.bootstrapToken;
    if ((await this.events.headPosition()) !== null) {
      if (secret) this.logger.warn(await this.ignored(email, secret));
      return;
    }
    if (!secret) {
      this.logger.warn(`the event store is empty and DOCS_BOOTSTRAP_TOKEN is not set: create a first token with \`${CREATE_A_TOKEN}\``);
      return;
    }
    const issued = await this.issueApiToken.execute(
      new IssueApiToken(
        { email, displayName: 'Owner', tokenName: 'bootstrap', secret },
        { actor: 'system', correlationId: `bootstrap-${randomUUID()}` },
      ),
    );
    this.logger.log(
      `first start on an empty event store: created the owner ${email} (user ${issued.userId}) with the API token "bootstrap" (token ${issued.tokenId}). ` +
        `The token given in DOCS_BOOTSTRAP_TOKEN now works: curl -H "Authorization: Bearer $DOCS_BOOTSTRAP_TOKEN" ${this.config.publicUrl}/v1/user`,
    );
  }

  private async ignored(email: string, secret: string): Promise<string> {
    const where = this.config.eventStoreUrl ? 'EventStoreDB' : `DATA_DIR ${this.config.dataDir}`;
    const why = `DOCS_BOOTSTRAP_TOKEN is set but was ignored: the event store (${where}) already holds events, and it only creates the first owner on an empty store.`;
    const hash = hashToken(secret);
    const stream = await this.events.readStream(streamOf(userAggregate, userIdForEmail(email)));
    const issued = stream.find((e) => e.type === 'ApiTokenIssued' && (e.data as ApiTokenIssued['data']).tokenHash === hash);
    if (!issued) {
      return `${why} It is not a token ${email} holds, so requests with it get 401 unless it was issued otherwise; create a token with \`${CREATE_A_TOKEN}\`.`;
    }
    const revoked = stream.some((e) => e.type === 'ApiTokenRevoked' && (e.data as ApiTokenRevoked['data']).tokenHash === hash);
    return revoked
      ? `${why} It is the token ${email} was given, and it has been revoked: requests with it get 401.`
      : `${why} It is the token ${email} was given on the first start, which still works.`;
  }
}
