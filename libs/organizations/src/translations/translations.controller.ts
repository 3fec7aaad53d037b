import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, PageQuery, UseCases } from '@docs/platform';
import { CreateTranslationSettings } from './create-translation-settings';
import { DeleteTranslationSettings } from './delete-translation-settings';
import { GetTranslationSettings } from './get-translation-settings';
import { ListTranslationSettings } from './list-translation-settings';
import { OrganizationScope } from '../shared/organization-scope';
import { UpdateTranslationSettings } from './update-translation-settings';
import { CreateTranslationSettingsBody, UpdateTranslationSettingsBody } from './translation.dto';
import { OrgScope } from '../shared/org-scope';
import { TranslationsPresenter } from './translations.presenter';
import { TranslationSettingsResponse } from '../responses';

@ApiController('v1/orgs/:organizationId/translations', 'translations')
export class TranslationsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: TranslationsPresenter,
  ) {}

  @Endpoint('GET', '', {
    operationId: 'listOrganizationTranslations',
    summary: 'List translation settings',
    answers: [TranslationSettingsResponse],
  })
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListTranslationSettings({ page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(result, (doc) => this.present.settings(doc, caller));
  }

  @Endpoint('POST', '', {
    operationId: 'createOrganizationTranslation',
    summary: 'Create translation settings',
    answers: TranslationSettingsResponse,
    located: true,
  })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateTranslationSettingsBody) {
    const doc = await this.useCases.command(new CreateTranslationSettings({ title: body.title, languages: body.languages ?? [] }, scope));
    return this.present.settings(doc, await scope.member());
  }

  @Endpoint('GET', ':translationSettingsId', {
    operationId: 'getOrganizationTranslation',
    summary: 'Get translation settings',
    answers: TranslationSettingsResponse,
  })
  async get(@OrgScope() scope: OrganizationScope, @Param('translationSettingsId') translationSettingsId: string) {
    const doc = await this.useCases.query(new GetTranslationSettings({ translationSettingsId }, scope));
    return this.present.settings(doc, await scope.member());
  }

  @Endpoint('PUT', ':translationSettingsId', {
    operationId: 'updateOrganizationTranslation',
    summary: 'Update translation settings',
    answers: TranslationSettingsResponse,
  })
  async update(
    @OrgScope() scope: OrganizationScope,
    @Param('translationSettingsId') translationSettingsId: string,
    @Body() body: UpdateTranslationSettingsBody,
  ) {
    const doc = await this.useCases.command(
      new UpdateTranslationSettings({ translationSettingsId, title: body.title, languages: body.languages }, scope),
    );
    return this.present.settings(doc, await scope.member());
  }

  @Endpoint('DELETE', ':translationSettingsId', {
    operationId: 'deleteOrganizationTranslation',
    summary: 'Delete translation settings',
    status: 205,
    answers: null,
  })
  async remove(@OrgScope() scope: OrganizationScope, @Param('translationSettingsId') translationSettingsId: string) {
    await this.useCases.command(new DeleteTranslationSettings({ translationSettingsId }, scope));
  }
}
