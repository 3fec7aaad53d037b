import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { SignJWT } from 'jose';
import { APP_CONFIG, AppConfig, dataDirSecret } from '@docs/platform';

/** File in DATA_DIR holding the generated signing secret when JWT_SECRET is not configured. */
export const JWT_SECRET_FILE = 'jwt-secret';
/** Lifetime of the claims token returned by the ping. */
export const VISITOR_CLAIMS_TTL_SECONDS = 3600;

/**
 * Signs the `serviceVisitorClaims` JWT (HS256) the ping returns. The key is JWT_SECRET, or a random
 * secret generated on first start and kept in DATA_DIR/jwt-secret (mode 0600). Several API replicas
 * must share JWT_SECRET (or the DATA_DIR file) so their tokens verify alike.
 */
@Injectable()
export class VisitorClaimsSigner implements OnModuleInit {
  private key: Uint8Array | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.signingKey();
  }

  async sign(claims: { userId: string; organizationId: string }): Promise<string> {
    return new SignJWT({ org: claims.organizationId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.config.publicUrl)
      .setIssuedAt()
      .setExpirationTime(`${VISITOR_CLAIMS_TTL_SECONDS}s`)
      .sign(this.signingKey());
  }

  /** The HS256 key (exposed for verification by tests and operators' tooling). */
  signingKey(): Uint8Array {
    if (!this.key) this.key = new TextEncoder().encode(this.config.jwtSecret ?? dataDirSecret(this.config.dataDir, JWT_SECRET_FILE));
    return this.key;
  }
}
