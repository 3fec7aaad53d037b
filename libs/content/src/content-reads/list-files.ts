import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page, pageInMemory } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { ContentAt, ContentQuery, ContentView } from '../revisions/read-content';

export interface FilesView {
  view: ContentView;
  files: FindResult<FileNode>;
}

export class ListFiles extends ContentQuery<{ page: Page }, FilesView> {}

/**
 * listFiles, listFilesInChangeRequestById, listFilesInRevisionById: a page of the revision's files,
 * in the revision's order. The revision holds them all, so they are paged in memory (`pageInMemory`,
 * keyset cursors on their position), the cost bounded by the revision.
 */
@QueryHandler(ListFiles)
export class ListFilesHandler implements IQueryHandler<ListFiles> {
  constructor(private readonly contentAt: ContentAt) {}

  async execute({ props: { location, page }, scope }: ListFiles): Promise<FilesView> {
    const view = await this.contentAt.view(scope, location);
    const positioned = view.content.files.map((file, position) => ({ id: file.id, position, file }));
    const result = pageInMemory(positioned, { field: 'position', direction: 'asc' }, page);
    return { view, files: { ...result, items: result.items.map((item) => item.file) } };
  }
}
