import { CommandContext, EventStore, WriteKit } from '@docs/platform';
import { IssueApiToken, IssueApiTokenHandler, IssuedToken } from './issue-api-token';
import { UserWriter } from '../user-writer';

/**
 * IssueApiToken for a tool that writes to the event store without the server's modules: the
 * operator CLI (`tokens create`), test and bench support. The write waits for no projection;
 * a caller that reads next waits until `position` is projected.
 */
export function issueApiToken(events: EventStore, props: IssueApiToken['props'], ctx: CommandContext): Promise<IssuedToken> {
  return new IssueApiTokenHandler(new UserWriter(new WriteKit(events, null))).execute(new IssueApiToken(props, ctx));
}
