import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@docs/platform';
import { UserDoc, UsersReadModel } from './users.read-model';

export class GetCurrentUser extends Query<UserDoc> {
  constructor(readonly caller: Caller) {
    super();
  }
}

/** GET /v1/user: the caller's profile. */
@QueryHandler(GetCurrentUser)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUser> {
  constructor(private readonly users: UsersReadModel) {}

  execute({ caller }: GetCurrentUser): Promise<UserDoc> {
    return this.users.user(caller.userId);
  }
}
