import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { MemberDoc } from '../organizations/organizations.read-model';
import { TranslationSettingsDoc } from './translations.read-model';
import { translationSettingsPermissions } from './translation.policy';
import { TranslationSettingsResponse } from '../responses';

/** The seed's `translation-settings` object (not GitBook's newer translations shape). No I/O. */
@Injectable()
export class TranslationsPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** `caller` is the caller's organization membership: only admins edit. */
  settings(doc: TranslationSettingsDoc, caller: Pick<MemberDoc, 'role'>): TranslationSettingsResponse {
    return {
      object: 'translation-settings' as const,
      id: doc.id,
      title: doc.title,
      languages: doc.languages,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      permissions: translationSettingsPermissions(caller.role),
      urls: { location: `${this.config.publicUrl}/v1/orgs/${doc.organizationId}/translations/${doc.id}` },
    };
  }
}
