import { Module } from '@nestjs/common';
import { Authenticator } from '@docs/platform';
import { BootstrapOwner } from './bootstrap-owner';
import { GetCurrentUserHandler } from './get-current-user';
import { GetUserHandler } from './get-user';
import { IssueApiTokenHandler } from './tokens/issue-api-token';
import { TokenAuthenticator } from './token-authenticator';
import { UsersController } from './users.controller';
import { OrganizationCoreModule } from '../shared/organization-core.module';

/**
 * Users and their API tokens: profiles (the caller's, and people sharing an organization), token authentication, and the owner's first
 * token.
 */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [UsersController],
  providers: [
    IssueApiTokenHandler,
    GetCurrentUserHandler,
    GetUserHandler,
    BootstrapOwner,
    TokenAuthenticator,
    { provide: Authenticator, useExisting: TokenAuthenticator },
  ],
  exports: [Authenticator],
})
export class UsersModule {}
