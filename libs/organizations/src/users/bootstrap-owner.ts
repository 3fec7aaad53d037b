import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig, EventStore, hashToken, newTokenSecret, randomUUID, streamOf } from '@docs/platform';
import { ApiTokenIssued, ApiTokenRevoked, userAggregate, userIdForEmail } from './user.decider';
import { IssueApiToken, IssueApiTokenHandler } from './tokens/issue-api-token';

export const BOOTSTRAP_OWNER_EMAIL = 'owner@docs.local';
/** Where the first start on an empty store, without DOCS_BOOTSTRAP_TOKEN, writes the owner's new token (in DATA_DIR, mode 0600). */
export const OWNER_TOKEN_FILE = 'owner-token';
const CREATE_A_TOKEN = 'npm run -s cli -- tokens create --email you@example.com';

/**
 * First start on an empty store: an owner user is created (DOCS_BOOTSTRAP_EMAIL, default
 * owner@docs.local) holding DOCS_BOOTSTRAP_TOKEN when it is set; otherwise a new random token, which
 * is written to DATA_DIR/owner-token, readable by the server's OS user only (mode 0600), so a first
 * `npm start` gives a working token. The secret itself is never logged (logs travel further than
 * DATA_DIR, which holds the stores and the signing keys anyway); only its hash is in the store. On a
 * store that is not empty the variable is ignored, and the log says so and whether the token given is
 * the owner's from the first start.
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
      await this.ownerWithNewToken(email);
      return;
    }
    const issued = await this.issue(email, secret);
    this.logger.log(
      `first start on an empty event store: created the owner ${email} (user ${issued.userId}) with the ` +
        `API token "bootstrap" (token ${issued.tokenId}). ` +
        `The token given in DOCS_BOOTSTRAP_TOKEN now works: curl -H "Authorization: Bearer ` +
        `$DOCS_BOOTSTRAP_TOKEN" ${this.config.publicUrl}/v1/user`,
    );
  }

  private issue(email: string, secret: string) {
    return this.issueApiToken.execute(
      new IssueApiToken(
        { email, displayName: 'Owner', tokenName: 'bootstrap', secret },
        { actor: 'system', correlationId: `bootstrap-${randomUUID()}` },
      ),
    );
  }

  /**
   * The owner with a new token, written to DATA_DIR/owner-token: first to a temporary file of mode
   * 0600, renamed into place once the token is issued, so the file never names a token that does
   * not work, and no token is issued that is not in the file.
   */
  private async ownerWithNewToken(email: string): Promise<void> {
    const secret = newTokenSecret();
    const file = join(this.config.dataDir, OWNER_TOKEN_FILE);
    const pending = `${file}.${randomUUID()}.tmp`;
    try {
      mkdirSync(this.config.dataDir, { recursive: true });
      writeFileSync(pending, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      this.logger.warn(
        `the event store is empty and DOCS_BOOTSTRAP_TOKEN is not set, and the owner's token could not be ` +
          `written to ${file} (${(error as Error).message}): ` +
          `set DOCS_BOOTSTRAP_TOKEN, or create a token with \`${CREATE_A_TOKEN}\``,
      );
      return;
    }
    try {
      const issued = await this.issue(email, secret);
      renameSync(pending, file);
      this.logger.log(
        `first start on an empty event store: created the owner ${email} (user ${issued.userId}) with a new ` +
          `API token "bootstrap" (token ${issued.tokenId}), ` +
          `written to ${file} (readable by this OS user only; the log never shows it): export TOKEN=$(cat ${file}) && ` +
          `curl -H "Authorization: Bearer $TOKEN" ${this.config.publicUrl}/v1/user`,
      );
    } finally {
      rmSync(pending, { force: true });
    }
  }

  private async ignored(email: string, secret: string): Promise<string> {
    const where = this.config.eventStoreUrl ? 'EventStoreDB' : `DATA_DIR ${this.config.dataDir}`;
    const why =
      `DOCS_BOOTSTRAP_TOKEN is set but was ignored: the event store (${where}) already holds events, and ` +
      `it only creates the first owner on an empty store.`;
    const hash = hashToken(secret);
    const stream = await this.events.readStream(streamOf(userAggregate, userIdForEmail(email)));
    const issued = stream.find((e) => e.type === 'ApiTokenIssued' && (e.data as ApiTokenIssued['data']).tokenHash === hash);
    if (!issued) {
      return (
        `${why} It is not a token ${email} holds, so requests with it get 401 unless it was issued otherwise; ` +
        `create a token with \`${CREATE_A_TOKEN}\`.`
      );
    }
    const revoked = stream.some((e) => e.type === 'ApiTokenRevoked' && (e.data as ApiTokenRevoked['data']).tokenHash === hash);
    return revoked
      ? `${why} It is the token ${email} was given, and it has been revoked: requests with it get 401.`
      : `${why} It is the token ${email} was given on the first start, which still works.`;
  }
}
