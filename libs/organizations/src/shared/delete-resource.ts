import { Inject, Type } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand, OrganizationScope } from './organization-scope';

/** A writer of an organization's resource whose delete command carries nothing but its type. */
interface ResourceDeleter {
  executeIn(id: string, command: { type: string }, scope: OrganizationScope): Promise<unknown>;
}

/**
 * The handler of a DELETE of an organization's resource (a team, a SAML provider, translation
 * settings): the resource's writer decides the command `type` (admins only) on the instance the
 * command's `idProp` names. One definition for every such route, so they cannot drift apart.
 */
export function deleteResourceHandler<K extends string, C extends OrganizationCommand<Record<K, string>>>(
  command: Type<C>,
  writer: Type<ResourceDeleter>,
  idProp: K,
  type: string,
): Type<{ execute(command: C): Promise<void> }> {
  @CommandHandler(command)
  class DeleteResourceHandler {
    constructor(@Inject(writer) private readonly resources: ResourceDeleter) {}

    async execute({ props, scope }: C): Promise<void> {
      await this.resources.executeIn(props[idProp], { type }, scope);
    }
  }
  return Object.defineProperty(DeleteResourceHandler, 'name', { value: `${command.name}Handler` });
}
