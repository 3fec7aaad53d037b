import { Injectable } from '@nestjs/common';
import { Authenticator, ReadModels } from '@docs/platform';
import { ApiTokenDoc } from '../projections/read-model-types';

/** Resolves API token hashes through the `api_tokens` read model. */
@Injectable()
export class TokenAuthenticator extends Authenticator {
  constructor(private readonly readModels: ReadModels) {
    super();
  }

  async userIdForTokenHash(tokenHash: string): Promise<string | null> {
    const token = await this.readModels.get<ApiTokenDoc>('api_tokens', tokenHash);
    return token?.userId ?? null;
  }
}
