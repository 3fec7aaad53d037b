import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { NotServed, PageQuery } from '@docs/platform';
import {
  Condition,
  IdOf,
  Nullable,
  ShareKey,
  Icon,
  MoveBody,
  NewStructureItemBody,
  NotDraft,
  NotLocalized,
  Pointer,
  SiblingPosition,
  Text,
} from '../shared/site-fields.dto';
import { MAX_DESCRIPTION, MAX_PATH, SITE_TITLE } from '../sites/site.decider';

/** GET .../sections */
export class ListSiteSectionsQuery extends PageQuery {
  @ShareKey()
  shareKey?: string;
}

/** POST .../sections */
export class AddSectionToSiteBody extends NewStructureItemBody {
  @IdOf('ID of the space the first site space of the section shows (visible to the caller, in the organization)', { required: true })
  spaceId!: string;

  @ApiPropertyOptional({
    type: String,
    minLength: SITE_TITLE.min,
    maxLength: SITE_TITLE.max,
    nullable: true,
    description: "Title of the section; null or absent: the space's title",
  })
  @Nullable()
  @IsString()
  @Length(SITE_TITLE.min, SITE_TITLE.max)
  title?: string | null;

  @Icon()
  icon?: string | null;

  @IdOf('ID of a section group to put the section in, at its end; absent: the top level')
  siteSectionGroupId?: string;
}

/** PATCH .../sections/{siteSectionId}: omitted fields stay; null removes icon, description and condition. */
export class UpdateSiteSectionBody {
  @Text(SITE_TITLE)
  title?: string;

  @Text({ min: 1, max: MAX_PATH }, { description: 'Path of the section, unique in the site' })
  path?: string;

  @IdOf('ID of a site space of the section to make its default')
  defaultSiteSpace?: string;

  @Condition()
  condition?: string | null;

  @Icon()
  icon?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_DESCRIPTION,
    nullable: true,
    description: 'Description of the section, or null for none',
  })
  @Nullable()
  @IsString()
  @MaxLength(MAX_DESCRIPTION)
  description?: string | null;

  @NotLocalized('localizedTitle')
  localizedTitle?: unknown;

  @NotLocalized('localizedDescription')
  localizedDescription?: unknown;

  @NotDraft()
  draft?: false;

  @NotServed('siteSectionGroupId', 'move a section between groups with the section group routes')
  siteSectionGroupId?: unknown;
}

/** GitBook's SiteSectionPointer. */
export class SiteSectionPointer extends Pointer('site-section', 'siteSection') {}

export class SiteSectionMovePosition extends SiblingPosition(() => SiteSectionPointer) {}

/** POST .../sections/{siteSectionId}/move (deprecated) */
export class MoveSiteSectionBody extends MoveBody(() => SiteSectionMovePosition, 'Before or after another section; absent: the end') {}
