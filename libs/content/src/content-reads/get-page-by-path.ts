import { QueryHandler, IQueryHandler } from '@nestjs/cqrs';
import { PageRead, PageView } from './get-page';
import { BodyForm } from './page-bodies';
import { ContentQuery } from '../revisions/read-content';
import { RevisionContent } from '../revisions/revision-trees';

export class GetPageByPath extends ContentQuery<{ path: string; form: BodyForm }, PageView> {}

/**
 * getPageByPath, getPageInChangeRequestByPath, getPageInRevisionByPath: the page at a path (its
 * ancestors' slugs and its own, `/`-separated, already URL-decoded; decision 23), with its body.
 * Leading and trailing slashes are ignored; 404 when no page has the path.
 */
@QueryHandler(GetPageByPath)
export class GetPageByPathHandler extends PageRead implements IQueryHandler<GetPageByPath> {
  execute({ props, scope }: GetPageByPath): Promise<PageView> {
    const wanted = props.path.replace(/^\/+|\/+$/g, '');
    const atPath = ({ byPath, tree }: RevisionContent) => {
      const pageId = byPath.get(wanted);
      return pageId === undefined ? undefined : tree.get(pageId);
    };
    return this.read(scope, props, atPath, `page not found at path: ${wanted}`);
  }
}
