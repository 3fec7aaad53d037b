import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { notFound, ReadModels } from '@docs/platform';
import { UserDoc } from '../projections/read-model-types';

export class GetCurrentUser extends Query<UserDoc> {
  constructor(readonly userId: string) {
    super();
  }
}

/** GET /v1/user */
@QueryHandler(GetCurrentUser)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUser> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ userId }: GetCurrentUser): Promise<UserDoc> {
    const user = await this.readModels.get<UserDoc>('users', userId);
    if (!user) throw notFound('user not found');
    return user;
  }
}
