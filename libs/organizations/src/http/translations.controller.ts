import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Answers, envelope, Located, PageQuery, pageOf } from '@docs/platform';
import { CreateTranslationSettings } from '../application/create-translation-settings';
import { DeleteTranslationSettings } from '../application/delete-translation-settings';
import { GetTranslationSettings } from '../application/get-translation-settings';
import { ListTranslationSettings } from '../application/list-translation-settings';
import { OrganizationScope } from '../application/organization-scope';
import { UpdateTranslationSettings } from '../application/update-translation-settings';
import { CreateTranslationSettingsBody, UpdateTranslationSettingsBody } from './dto/translation.dto';
import { OrgScope } from './org-scope';
import { TranslationsPresenter } from './translations.presenter';
import { TranslationSettingsResponse } from './responses';

@ApiTags('translations')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId/translations')
export class TranslationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly present: TranslationsPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOrganizationTranslations', summary: 'List translation settings' })
  @Answers.list(TranslationSettingsResponse)
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const result = await this.queries.execute(new ListTranslationSettings({ page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(result, (doc) => this.present.settings(doc, caller));
  }

  @Post()
  @HttpCode(201)
  @Located()
  @ApiOperation({ operationId: 'createOrganizationTranslation', summary: 'Create translation settings' })
  @Answers(TranslationSettingsResponse, { status: 201, location: true })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateTranslationSettingsBody) {
    const doc = await this.commands.execute(new CreateTranslationSettings({ title: body.title, languages: body.languages ?? [] }, scope));
    return this.present.settings(doc, await scope.member());
  }

  @Get(':translationSettingsId')
  @ApiOperation({ operationId: 'getOrganizationTranslation', summary: 'Get translation settings' })
  @Answers(TranslationSettingsResponse)
  async get(@OrgScope() scope: OrganizationScope, @Param('translationSettingsId') translationSettingsId: string) {
    const doc = await this.queries.execute(new GetTranslationSettings({ translationSettingsId }, scope));
    return this.present.settings(doc, await scope.member());
  }

  @Put(':translationSettingsId')
  @ApiOperation({ operationId: 'updateOrganizationTranslation', summary: 'Update translation settings' })
  @Answers(TranslationSettingsResponse)
  async update(
    @OrgScope() scope: OrganizationScope,
    @Param('translationSettingsId') translationSettingsId: string,
    @Body() body: UpdateTranslationSettingsBody,
  ) {
    const doc = await this.commands.execute(new UpdateTranslationSettings({ translationSettingsId, title: body.title, languages: body.languages }, scope));
    return this.present.settings(doc, await scope.member());
  }

  @Delete(':translationSettingsId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteOrganizationTranslation', summary: 'Delete translation settings' })
  @Answers.empty(205)
  async remove(@OrgScope() scope: OrganizationScope, @Param('translationSettingsId') translationSettingsId: string) {
    await this.commands.execute(new DeleteTranslationSettings({ translationSettingsId }, scope));
  }
}
