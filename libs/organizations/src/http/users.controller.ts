import {  } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiController, Caller, CurrentCaller, Endpoint } from '@docs/platform';
import { GetCurrentUser } from '../application/get-current-user';
import { OrganizationsPresenter } from './presenters';
import { UserResponse } from './responses';

@ApiController('v1', 'users')
export class UsersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly present: OrganizationsPresenter,
  ) {}

  @Endpoint('GET', 'user', { operationId: 'getAuthenticatedUser', summary: 'Get the profile of the caller', answers: UserResponse })
  async me(@CurrentCaller() caller: Caller) {
    return this.present.user(await this.queries.execute(new GetCurrentUser(caller)));
  }
}
