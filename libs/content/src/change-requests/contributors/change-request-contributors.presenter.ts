import { Injectable } from '@nestjs/common';
import { OrganizationsPresenter } from '@docs/organizations';
import { namedUsers } from '../named-users';
import { ContributorView } from './list-contributors';
import { ChangeRequestUserContributorResponse } from './contributor.response';

/** GitBook's ChangeRequestUserContributor. No I/O: the use case reads the contributors and their users. */
@Injectable()
export class ChangeRequestContributorsPresenter {
  constructor(private readonly organizations: OrganizationsPresenter) {}

  contributor({ contributor, users }: ContributorView): ChangeRequestUserContributorResponse {
    return {
      user: namedUsers(this.organizations, users)(contributor.userId),
      count: contributor.count,
      updatedAt: contributor.updatedAt,
      actionType: contributor.actionType,
    };
  }
}
