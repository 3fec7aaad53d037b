import { ApiProperty } from '@nestjs/swagger';
import { ApiObject, DateTime } from '@docs/platform';
import { PublishedUrls } from '../site-spaces/site-space.response';

/** GitBook's ShareLink (SitesPresenter.shareLink). */
export class ShareLinkResponse extends ApiObject('share-link', { description: 'Unique identifier of the share link' }) {
  @DateTime()
  createdAt!: string;

  @ApiProperty({ type: String, maxLength: 50 })
  name!: string;

  @ApiProperty({ type: Boolean, description: 'Whether its key reaches the site' })
  active!: boolean;

  @ApiProperty({ type: () => PublishedUrls, description: 'published: the site with the secret key, while the site is published' })
  urls!: PublishedUrls;
}
