import { Injectable } from '@nestjs/common';
import { Command, CommandBus, Query, QueryBus } from '@nestjs/cqrs';

/**
 * What a controller runs: a context's use cases, commands and queries alike, each answering the
 * type its class declares (`Command<R>`, `Query<R>`). One dependency instead of both buses.
 */
@Injectable()
export class UseCases {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  command<R>(command: Command<R>): Promise<R> {
    return this.commands.execute(command);
  }

  query<R>(query: Query<R>): Promise<R> {
    return this.queries.execute(query);
  }
}
