import { Module } from '@nestjs/common';
import { RevisionTrees } from './revision-trees';
import { RevisionsReadModel } from './revisions.read-model';

/**
 * The content history: revisions (immutable page trees and files) and content-addressed page bodies,
 * read through `RevisionTrees`, which keeps built revisions in memory. Change requests, content
 * reads and the space duplicate read through it.
 */
@Module({
  providers: [RevisionsReadModel, RevisionTrees],
  exports: [RevisionsReadModel, RevisionTrees],
})
export class RevisionsModule {}
