import { Inject, Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { APP_CONFIG, AppConfig, dataDirSecret, StartupKey } from '@docs/platform';

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
export class VisitorClaimsSigner extends StartupKey {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async sign(claims: { userId: string; organizationId: string }): Promise<string> {
    return new SignJWT({ org: claims.organizationId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.config.publicUrl)
      .setIssuedAt()
      .setExpirationTime(`${VISITOR_CLAIMS_TTL_SECONDS}s`)
      .sign(this.bytes());
  }

  /** The HS256 secret (`bytes()` is the key, exposed for verification by tests and operators' tooling). */
  protected secret(): string {
    return this.config.jwtSecret ?? dataDirSecret(this.config.dataDir, JWT_SECRET_FILE);
  }
}
