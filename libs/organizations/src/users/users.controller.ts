import { Param } from '@nestjs/common';
import { ApiController, Caller, CurrentCaller, Endpoint, Operation, UseCaseRoutes } from '@docs/platform';
import { GetCurrentUser } from './get-current-user';
import { GetUser } from './get-user';
import { OrganizationsPresenter } from '../organizations/organizations.presenter';
import { UserResponse } from '../responses';

@ApiController('v1', 'users')
export class UsersController extends UseCaseRoutes(OrganizationsPresenter) {
  @Endpoint('GET', 'user', { answers: UserResponse })
  @Operation('getAuthenticatedUser', 'Get the profile of the caller')
  async me(@CurrentCaller() caller: Caller) {
    return this.present.user(await this.useCases.query(new GetCurrentUser(caller)));
  }

  @Endpoint('GET', 'users/:userId', { answers: UserResponse })
  @Operation('getUserById', 'Get a user by its ID (someone who shares an organization with the caller, or the caller)')
  async get(@CurrentCaller() caller: Caller, @Param('userId') userId: string) {
    return this.present.user(await this.useCases.query(new GetUser({ userId }, caller)));
  }
}
