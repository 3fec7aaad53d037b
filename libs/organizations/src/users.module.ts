import { Module } from '@nestjs/common';
import { Authenticator } from '@docs/platform';
import { BootstrapOwner } from './application/bootstrap-owner';
import { GetCurrentUserHandler } from './application/get-current-user';
import { GetUserHandler } from './application/get-user';
import { IssueApiTokenHandler } from './application/issue-api-token';
import { TokenAuthenticator } from './application/token-authenticator';
import { UsersController } from './http/users.controller';
import { OrganizationCoreModule } from './shared/organization-core.module';

/** Users and their API tokens: profiles (the caller's, and people sharing an organization), token authentication, and the owner's first token. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [UsersController],
  providers: [
    IssueApiTokenHandler, GetCurrentUserHandler, GetUserHandler, BootstrapOwner,
    TokenAuthenticator,
    { provide: Authenticator, useExisting: TokenAuthenticator },
  ],
  exports: [Authenticator],
})
export class UsersModule {}
