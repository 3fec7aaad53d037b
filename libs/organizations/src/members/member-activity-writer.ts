import { Injectable } from '@nestjs/common';
import { AggregateWriter, WriteKit } from '@docs/platform';
import { memberActivityAggregate, MemberActivityCommand, MemberActivityEvent, MemberActivityState } from './member-activity.decider';
import { OrganizationScope } from '../shared/organization-scope';

/** Writes when members were seen (one stream per member: see memberActivityAggregate). */
@Injectable()
export class MemberActivityWriter extends AggregateWriter<
  MemberActivityState,
  MemberActivityCommand,
  MemberActivityEvent,
  void,
  OrganizationScope
> {
  constructor(kit: WriteKit) {
    super(kit, memberActivityAggregate);
  }
}
