import { Injectable } from '@nestjs/common';
import { MemberDoc } from '../projections/read-model-types';
import { TeamDirectory } from './team-directory';

/** A member document with its team facts filled in from the TeamDirectory. */
export type MemberView = MemberDoc & { teams: number; ownsTeam: boolean };

/** Adds what the member documents do not hold themselves: how many teams a member is in, and whether they own one. */
@Injectable()
export class MemberViews {
  constructor(private readonly teams: TeamDirectory) {}

  async of(member: MemberDoc): Promise<MemberView> {
    const { count, ownsTeam } = await this.teams.teamsOf(member.organizationId, member.userId);
    return { ...member, teams: count, ownsTeam };
  }

  all(members: MemberDoc[]): Promise<MemberView[]> {
    return Promise.all(members.map((m) => this.of(m)));
  }
}
