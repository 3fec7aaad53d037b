import { Injectable } from '@nestjs/common';
import { AggregateWriter, WriteKit } from '@docs/platform/write';
import { userAggregate, UserCommand, UserEvent, UserState } from './user.decider';

/** Writes users: registration and API tokens. Outside any organization, so in a plain command context. */
@Injectable()
export class UserWriter extends AggregateWriter<UserState, UserCommand, UserEvent> {
  constructor(kit: WriteKit) {
    super(kit, userAggregate);
  }
}
