import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { NotServed, PageQuery, toBoolean } from '@docs/platform';
import { MAX_PATH } from '../sites/site.decider';
import {
  ShareKey,
  Condition,
  IdOf,
  MoveBody,
  NoPageId,
  NewStructureItemBody,
  NotDraft,
  Pointer,
  SiblingPosition,
  Text,
} from '../shared/site-fields.dto';

/** GET .../site-spaces */
export class ListSiteSpacesQuery extends PageQuery {
  @ShareKey()
  shareKey?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true: only the default site spaces (one per level); false: only the others; absent: all',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  default?: boolean;
}

/** POST .../site-spaces */
export class AddSpaceToSiteBody extends NewStructureItemBody {
  @IdOf('ID of the space to add (visible to the caller, in the organization)', { required: true })
  spaceId!: string;

  @IdOf('ID of the section to add it to; absent: the default section, or the root level of a site without sections')
  sectionId?: string;

  @NotServed('title', "a site space shows its space's title")
  title?: unknown;
}

/** PATCH .../site-spaces/{siteSpaceId} */
export class UpdateSiteSpaceBody {
  @Text({ min: 1, max: MAX_PATH }, { description: 'Path of the space on the site, unique at its level' })
  path?: string;

  @Condition()
  condition?: string | null;

  @IdOf('ID of the space the site space shows')
  spaceId?: string;

  @NoPageId()
  pageId?: unknown;

  @NotServed('hidden', 'site spaces are always listed', false)
  hidden?: false;

  @NotDraft()
  draft?: false;
}

/** GitBook's SiteSpacePointer. */
export class SiteSpacePointer extends Pointer('site-space', 'siteSpace') {}

export class SiteSpaceMovePosition extends SiblingPosition(() => SiteSpacePointer) {}

/** POST .../site-spaces/{siteSpaceId}/move (deprecated) */
export class MoveSiteSpaceBody extends MoveBody(
  () => SiteSpaceMovePosition,
  'Before or after another site space of its level; absent: the end',
) {}
