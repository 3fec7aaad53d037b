import { Injectable } from '@nestjs/common';
import { CommandContext, Consistency, EventStore, forbidden, handleCommand, notFound, ReadModels } from '@docs/platform';
import { TranslationSettingsCommand, translationSettingsDecider, translationSettingsStream } from '../domain/translation';
import { MemberDoc } from '../projections/read-model-types';
import { TranslationSettingsDoc } from '../projections/translations.projection';
import { OrganizationAccess } from './organization-access';

export const TRANSLATION_PROJECTIONS = ['translations'];

type CommandWithoutActor = TranslationSettingsCommand extends infer C ? (C extends TranslationSettingsCommand ? Omit<C, 'actorIsAdmin'> : never) : never;

/** Decides and appends translation-settings commands, then waits for the read model. */
@Injectable()
export class TranslationCommands {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly access: OrganizationAccess,
  ) {}

  async run(translationSettingsId: string, command: CommandWithoutActor, ctx: CommandContext): Promise<void> {
    const { member } = await this.access.requireMember(command.organizationId, ctx.actor);
    const { position } = await handleCommand(
      this.events,
      translationSettingsStream(translationSettingsId),
      translationSettingsDecider,
      { ...command, actorIsAdmin: member.role === 'admin' } as TranslationSettingsCommand,
      ctx,
    );
    await this.consistency.waitFor(position, TRANSLATION_PROJECTIONS);
  }
}

/** Organization members with a role may read translation settings; guests get 403, others 404. */
@Injectable()
export class TranslationReadAccess {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly readModels: ReadModels,
  ) {}

  async requireReader(organizationId: string, userId: string): Promise<MemberDoc> {
    const { member } = await this.access.requireMember(organizationId, userId);
    if (member.role === null) throw forbidden('guests cannot read the translation settings of the organization');
    return member;
  }

  async requireSettings(organizationId: string, translationSettingsId: string): Promise<TranslationSettingsDoc> {
    const doc = await this.readModels.get<TranslationSettingsDoc>('translation_settings', translationSettingsId);
    if (!doc || doc.organizationId !== organizationId) throw notFound('translation settings not found');
    return doc;
  }
}
