import { expectGitbookSchema, gitbookSchemaErrors } from './gitbook-schema';

/**
 * GitBook's RevisionSemanticChanges, change by change. A `page_edited` change's `attributes` is a
 * oneOf of three shapes that overlap (none closes its properties, none requires one), so no value
 * can match exactly one: the attributes must match the document shape (pages here are documents),
 * and the rest of the change is validated with the attributes set aside.
 */
export function expectSemanticChanges(body: any): void {
  expectGitbookSchema('RevisionSemanticChanges', { ...body, changes: [] });
  for (const change of body.changes) {
    if (change.type !== 'page_edited') {
      expectGitbookSchema('RevisionSemanticChange', change);
      continue;
    }
    expectGitbookSchema('RevisionPageDocumentChangeAttributes', change.attributes);
    const { attributes: _attributes, ...rest } = change;
    const errors = gitbookSchemaErrors('RevisionSemanticChangePageEdited', { ...rest, attributes: {} });
    // Only the attributes' oneOf (and its minProperties) may fail once they are set aside.
    expect(errors.filter((e) => !e.startsWith('/attributes'))).toEqual([]);
    expectGitbookSchema('ChangedRevisionPage', change.page);
  }
}
