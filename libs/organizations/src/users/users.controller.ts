import { Param } from '@nestjs/common';
import { ApiController, Caller, CurrentCaller, Endpoint, UseCases } from '@docs/platform';
import { GetCurrentUser } from './get-current-user';
import { GetUser } from './get-user';
import { OrganizationsPresenter } from '../organizations/organizations.presenter';
import { UserResponse } from '../responses';

@ApiController('v1', 'users')
export class UsersController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: OrganizationsPresenter,
  ) {}

  @Endpoint('GET', 'user', { operationId: 'getAuthenticatedUser', summary: 'Get the profile of the caller', answers: UserResponse })
  async me(@CurrentCaller() caller: Caller) {
    return this.present.user(await this.useCases.query(new GetCurrentUser(caller)));
  }

  @Endpoint('GET', 'users/:userId', {
    operationId: 'getUserById',
    summary: 'Get a user by its ID (someone who shares an organization with the caller, or the caller)',
    answers: UserResponse,
  })
  async get(@CurrentCaller() caller: Caller, @Param('userId') userId: string) {
    return this.present.user(await this.useCases.query(new GetUser({ userId }, caller)));
  }
}
