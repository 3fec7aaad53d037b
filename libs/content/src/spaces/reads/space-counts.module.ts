import { Global, Module } from '@nestjs/common';
import { OrganizationsModule, SpaceCounts } from '@docs/organizations';
import { ContentSpaceCounts } from './content-space-counts';
import { ContentTreeModule } from '../../content-tree/content-tree.module';

/**
 * Answers organizations' SpaceCounts (the `spaces` of members and teams). Global, because the
 * organizations context asks without importing this one (it is upstream of content).
 */
@Global()
@Module({
  imports: [OrganizationsModule, ContentTreeModule],
  providers: [{ provide: SpaceCounts, useClass: ContentSpaceCounts }],
  exports: [SpaceCounts],
})
export class SpaceCountsModule {}
