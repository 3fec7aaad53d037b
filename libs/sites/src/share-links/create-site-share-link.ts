import { randomBytes } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ShareLinkView, writtenShareLink } from './list-site-share-links';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class CreateSiteShareLink extends SiteCommand<{ name: string }, ShareLinkView> {}

/** createSiteShareLink: an active link with a random secret key (32 bytes, base64url). */
@CommandHandler(CreateSiteShareLink)
export class CreateSiteShareLinkHandler implements ICommandHandler<CreateSiteShareLink> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { name }, scope }: CreateSiteShareLink): Promise<ShareLinkView> {
    const shareLinkId = scope.createdId('share-link');
    const key = randomBytes(32).toString('base64url');
    const site = await this.writer.write(scope, { type: 'CreateSiteShareLink', shareLinkId, name, key });
    return writtenShareLink(site, shareLinkId);
  }
}
