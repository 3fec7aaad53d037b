import { Injectable } from '@nestjs/common';
import { Authenticator } from '@docs/platform';
import { UsersReadModel } from '../projections/users.read-model';

/** Resolves API token hashes through the users read model. */
@Injectable()
export class TokenAuthenticator extends Authenticator {
  constructor(private readonly users: UsersReadModel) {
    super();
  }

  userIdForTokenHash(tokenHash: string): Promise<string | null> {
    return this.users.userIdForTokenHash(tokenHash);
  }
}
