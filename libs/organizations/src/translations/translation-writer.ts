import { Injectable } from '@nestjs/common';
import { WriteKit } from '@docs/platform';
import {
  TranslationFacts,
  translationSettingsAggregate,
  TranslationSettingsCommand,
  TranslationSettingsEvent,
  TranslationSettingsState,
} from './translation.decider';
import { OrganizationResourceWriter } from '../shared/organization-resource-writer';
import { OrganizationScope } from '../shared/organization-scope';

/** Writes translation settings; a decision needs to know whether the caller is an organization admin. */
@Injectable()
export class TranslationWriter extends OrganizationResourceWriter<
  TranslationSettingsState,
  TranslationSettingsCommand,
  TranslationSettingsEvent,
  TranslationFacts
> {
  constructor(kit: WriteKit) {
    super(kit, translationSettingsAggregate);
  }

  protected override async facts(
    _translationSettingsId: string,
    _command: TranslationSettingsCommand,
    scope: OrganizationScope,
  ): Promise<TranslationFacts> {
    return { actorRole: (await scope.member()).role };
  }
}
