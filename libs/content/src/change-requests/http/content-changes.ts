import { BadRequestException } from '@nestjs/common';
import { PageEdit } from '../../page-tree/page-edits.domain';
import { SentDocument } from '../document-bodies';
import { FileUpload } from '../file-uploads';
import { SchemaKeywords } from '@docs/platform';
import { ContentChangeBody, ContentOperation, InsertFileBody } from './content-change.dto';

type Field = keyof ContentChangeBody;

/** What a page insert or update may set on the page. */
const PAGE_FIELDS: readonly Field[] = [
  'title',
  'slug',
  'emoji',
  'description',
  'document',
  'icon',
  'hidden',
  'noIndex',
  'noRobotsIndex',
  'condition',
];

/** The fields each operation takes besides `operation`: those it requires, and those it may have. */
const FIELDS: Record<ContentOperation, { required: readonly Field[]; optional: readonly Field[] }> = {
  insert_page: { required: [], optional: ['into', 'at', 'ref', ...PAGE_FIELDS] },
  update_page: { required: ['page'], optional: ['into', 'at', ...PAGE_FIELDS] },
  delete_page: { required: ['page'], optional: [] },
  revert_page: { required: ['page'], optional: ['revision', 'block'] },
  insert_files: { required: ['files'], optional: [] },
};

// What toContentRequest refuses beyond the request classes' rules, stated in the served document:
// each operation's fields, files as base64 with their content type, and no url or revision yet.
SchemaKeywords({ keywords: { required: ['name', 'contentType', 'base64'] }, refused: ['url'] })(InsertFileBody);
SchemaKeywords({
  variants: {
    discriminator: 'operation',
    shapes: {
      ...FIELDS,
      insert_page: { ...FIELDS.insert_page, notNull: ['into'] },
      revert_page: { ...FIELDS.revert_page, optional: FIELDS.revert_page.optional.filter((field) => field !== 'revision') },
    },
  },
})(ContentChangeBody);

/**
 * What a content call asks for: the page edits in order, the files to upload, the `ref` of each
 * inserted page, and the bodies sent as JSON documents (their markdown is set on the edits once converted).
 */
export interface ContentRequest {
  edits: PageEdit[];
  /** Bodies sent as documents: the change and, by `edit`, the index of its page edit. */
  documents: (SentDocument & { edit: number })[];
  /** `ref` of each insert_page, in order (undefined where none was given). */
  insertRefs: (string | undefined)[];
  files: FileUpload[];
}

/**
 * Turns validated changes into page edits and uploads, refusing (400, naming `changes[i].field`)
 * a field its operation does not take, a missing required one, a `ref` used twice, `into: null` on
 * an insert, a file source other than base64, and a body sent both as markdown and as a document.
 * `sent` is the changes as sent, where bodies sent as documents are read (the request class leaves them out).
 */
export function toContentRequest(changes: readonly ContentChangeBody[], sent: readonly unknown[]): ContentRequest {
  const edits: PageEdit[] = [];
  const insertRefs: (string | undefined)[] = [];
  const files: FileUpload[] = [];
  const documents: ContentRequest['documents'] = [];
  const refs = new Set<string>();
  const problem = (index: number, message: string) => new BadRequestException(`changes[${index}].${message}`);
  const useRef = (index: number, ref: string | undefined, field: string) => {
    if (ref === undefined) return;
    if (refs.has(ref)) throw problem(index, `${field}: "${ref}" is used twice in the batch`);
    refs.add(ref);
  };
  changes.forEach((change, index) => {
    const { required, optional } = FIELDS[change.operation];
    for (const key of Object.keys(change) as (keyof ContentChangeBody)[]) {
      if (key !== 'operation' && change[key] !== undefined && !required.includes(key) && !optional.includes(key)) {
        throw problem(index, `${key} is not allowed with operation ${change.operation}`);
      }
    }
    for (const key of required)
      if (change[key] === undefined || change[key] === null) throw problem(index, `${key} is required with operation ${change.operation}`);
    const document = sentDocument(sent[index]);
    if (document !== undefined) {
      if (document === null || typeof document !== 'object' || Array.isArray(document))
        throw problem(index, 'document.document must be an object (a JSON document)');
      if (change.document?.markdown !== undefined) throw problem(index, 'document: send the body as markdown or as document, not both');
      documents.push({ change: index, edit: edits.length, document });
    }
    const page = {
      title: change.title,
      emoji: change.emoji,
      description: change.description,
      hidden: change.hidden,
      slug: change.slug,
      markdown: change.document?.markdown,
    };
    switch (change.operation) {
      case 'insert_page':
        if (change.into === null) throw problem(index, 'into: omit it to insert at the top level');
        useRef(index, change.ref, 'ref');
        insertRefs.push(change.ref);
        edits.push(defined({ operation: 'insert_page', into: change.into, at: change.at, ...page }));
        break;
      case 'update_page':
        edits.push(defined({ operation: 'update_page', page: change.page!, into: change.into, at: change.at, ...page }));
        break;
      case 'delete_page':
        edits.push({ operation: 'delete_page', page: change.page! });
        break;
      case 'revert_page':
        if (change.revision !== undefined)
          throw problem(index, "revision is not supported: pages revert to the change request's base (omit it)");
        edits.push({ operation: 'revert_page', page: change.page! });
        break;
      case 'insert_files':
        change.files!.forEach((file, at) => {
          const field = `files[${at}]`;
          if (file.url !== undefined) throw problem(index, `${field}.url is not supported yet: send the bytes as base64`);
          if (file.base64 === undefined) throw problem(index, `${field}.base64 is required`);
          if (file.contentType === undefined) throw problem(index, `${field}.contentType is required with base64`);
          useRef(index, file.ref, `${field}.ref`);
          files.push({ name: file.name, contentType: file.contentType, base64: file.base64 });
        });
        break;
    }
  });
  return { edits, insertRefs, files, documents };
}

/** A change's `document.document` as sent (the request class leaves it out), or undefined when it has none. */
function sentDocument(change: unknown): unknown {
  const body = (change as { document?: unknown } | null)?.document;
  if (body === null || typeof body !== 'object' || !Object.hasOwn(body, 'document')) return undefined;
  return (body as { document: unknown }).document;
}

/** The object without its undefined fields (absent means "unchanged" to the planner, never "set to undefined"). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
