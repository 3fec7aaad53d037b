import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { OrganizationScope } from '@docs/organizations';
import { openAPISpecAggregate, OpenAPISpecCommand, OpenAPISpecEvent, OpenAPISpecFacts, OpenAPISpecState } from './openapi-spec.decider';

/**
 * Writes OpenAPI specifications. In a request (an organization scope) the caller may write when
 * their organization role is create or more (the organization's `createOpenAPISpec` permission;
 * non-members get 404 from the scope); the background processor writes as `system`.
 */
@Injectable()
export class OpenAPISpecWriter extends AggregateWriter<
  OpenAPISpecState,
  OpenAPISpecCommand,
  OpenAPISpecEvent,
  OpenAPISpecFacts,
  CommandContext
> {
  constructor(kit: WriteKit) {
    super(kit, openAPISpecAggregate);
  }

  protected override async facts(_specId: string, _command: OpenAPISpecCommand, ctx: CommandContext): Promise<OpenAPISpecFacts> {
    if (ctx instanceof OrganizationScope) return { role: (await ctx.member()).role };
    return ctx.actor === 'system' ? { system: true } : { role: null };
  }
}
