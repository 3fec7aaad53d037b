import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Answers, Caller, CurrentCaller } from '@docs/platform';
import { GetCurrentUser } from '../application/get-current-user';
import { OrganizationsPresenter } from './presenters';
import { UserResponse } from './responses';

@ApiTags('users')
@ApiBearerAuth()
@Controller('v1')
export class UsersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly present: OrganizationsPresenter,
  ) {}

  @Get('user')
  @ApiOperation({ operationId: 'getAuthenticatedUser', summary: 'Get the profile of the caller' })
  @Answers(UserResponse)
  async me(@CurrentCaller() caller: Caller) {
    return this.present.user(await this.queries.execute(new GetCurrentUser(caller)));
  }
}
