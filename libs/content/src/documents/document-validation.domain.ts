import {
  BLOCKS_IN,
  BlockType,
  CODE_OVERFLOWS,
  DOCUMENT_LIMITS,
  DocumentLimits,
  HINT_STYLES,
  JSONDocument,
  MARK_TYPES,
  TABLE_ALIGNMENTS,
} from './document-nodes.domain';

/**
 * Whether a JSON value is a GitBook document (`JSONDocument`) of the node kinds converted here
 * (document-nodes.domain.ts), within DOCUMENT_LIMITS: the errors, each naming where it is
 * (`document.nodes[3].nodes[0]: unknown block type "foo"`), none when it is one. Fields GitBook
 * requires are required; fields nobody reads here (`key`, `meta`, ...) are let through.
 *
 * Never throws, whatever the value; stops descending past the depth bound and counting past the
 * node bound, so its work is bounded by the bounds, not by the value.
 */
export function validateDocument(value: unknown, limits: Readonly<DocumentLimits> = DOCUMENT_LIMITS): string[] {
  const validator = new Validator(limits);
  validator.document(value);
  return validator.report();
}

export function isDocument(value: unknown): value is JSONDocument {
  return validateDocument(value).length === 0;
}

type Json = Record<string, unknown>;
type Container = keyof typeof BLOCKS_IN | 'list-ordered' | 'list-unordered' | 'list-tasks' | 'tabs' | 'images' | 'code' | 'caption';

const CHILDREN: Record<Container, readonly BlockType[]> = {
  ...BLOCKS_IN,
  'list-ordered': ['list-item'],
  'list-unordered': ['list-item'],
  'list-tasks': ['list-item'],
  tabs: ['tabs-item'],
  images: ['image'],
  code: ['code-line'],
  caption: ['paragraph'],
};

/** Block types GitBook has and this conversion does not. */
const OTHER_GITBOOK_BLOCKS = new Set([
  'math',
  'drawing',
  'expandable',
  'swagger',
  'openapi',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'integration',
  'reusable-content',
  'stepper',
  'stepper-step',
  'if',
  'columns',
  'column',
  'updates',
  'update',
  'prompt',
]);
const OTHER_GITBOOK_INLINES = new Set(['emoji', 'icon', 'expression', 'math', 'annotation', 'mention', 'button']);
const OTHER_GITBOOK_MARKS = new Set(['keyboard', 'color', 'superscript', 'subscript']);
const OTHER_GITBOOK_REFS = new Set(['user', 'collection', 'space', 'reusable-content', 'tag', 'openapi']);

const SUPPORTED_BLOCKS = new Set<string>([...CHILDREN.document, 'list-item', 'tabs-item', 'image', 'code-line']);

/** Blocks whose `data` GitBook requires. */
const DATA_REQUIRED = new Set<string>([
  'heading-1',
  'heading-2',
  'heading-3',
  'list-ordered',
  'code',
  'code-line',
  'hint',
  'embed',
  'file',
  'image',
  'images',
  'content-ref',
  'tabs-item',
  'table',
  'divider',
]);

/** Blocks that hold no `nodes` (GitBook's void blocks); the table and the image keep theirs in fragments. */
const VOID_BLOCKS = new Set<string>(['divider', 'embed', 'file', 'content-ref', 'image', 'table']);

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (value: Json, key: string): unknown => (Object.hasOwn(value, key) ? value[key] : undefined);
const quoted = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

class Validator {
  private readonly errors: string[] = [];
  private more = 0;
  private nodes = 0;
  private textLength = 0;
  private full = false;

  constructor(private readonly limits: Readonly<DocumentLimits>) {}

  report(): string[] {
    return this.more > 0 ? [...this.errors, `and ${this.more} more errors`] : this.errors;
  }

  private error(path: string, message: string): void {
    if (this.errors.length < this.limits.maxErrors) this.errors.push(`${path}: ${message}`);
    else this.more++;
  }

  /** Counts a node; false (once reported) past the node bound. */
  private counted(path: string): boolean {
    if (this.full) return false;
    if (++this.nodes <= this.limits.maxNodes) return true;
    this.full = true;
    this.error(path, `the document has more than ${this.limits.maxNodes} nodes`);
    return false;
  }

  private deep(path: string, depth: number): boolean {
    if (depth <= this.limits.maxDepth) return false;
    this.error(path, `nodes nest more than ${this.limits.maxDepth} levels deep`);
    return true;
  }

  document(value: unknown): void {
    if (!isObject(value)) {
      this.error('document', 'must be an object');
      return;
    }
    if (own(value, 'object') !== 'document') this.error('document.object', 'must be "document"');
    const data = own(value, 'data');
    if (data !== undefined && !isObject(data)) this.error('document.data', 'must be an object');
    this.blocks('document.nodes', own(value, 'nodes'), 'document', 1);
  }

  private blocks(path: string, value: unknown, container: Container, depth: number): void {
    if (!Array.isArray(value)) {
      this.error(path, 'must be an array of blocks');
      return;
    }
    if (this.deep(path, depth)) return;
    for (let i = 0; i < value.length && !this.full; i++) this.block(`${path}[${i}]`, value[i], container, depth);
  }

  private block(path: string, value: unknown, container: Container, depth: number): void {
    if (!this.counted(path)) return;
    if (!isObject(value)) {
      this.error(path, 'must be an object');
      return;
    }
    const object = own(value, 'object');
    const type = own(value, 'type');
    if (object !== 'block') {
      this.error(`${path}.object`, `must be "block", not ${quoted(object)}`);
      return;
    }
    if (typeof type !== 'string') {
      this.error(`${path}.type`, 'must be a string');
      return;
    }
    if (!SUPPORTED_BLOCKS.has(type)) {
      this.error(path, OTHER_GITBOOK_BLOCKS.has(type) ? `block type "${type}" is not supported` : `unknown block type ${quoted(type)}`);
      return;
    }
    const allowed = CHILDREN[container];
    if (!allowed.includes(type as BlockType)) {
      const holder =
        container === 'document' ? 'the document' : container === 'caption' ? 'a caption' : `${article(container)} ${container}`;
      this.error(path, `${holder} cannot hold "${type}" blocks (it holds ${allowed.join(', ')})`);
      return;
    }
    const isVoid = own(value, 'isVoid');
    if (isVoid !== undefined && typeof isVoid !== 'boolean') this.error(`${path}.isVoid`, 'must be a boolean');
    const data = own(value, 'data');
    if (data === undefined ? DATA_REQUIRED.has(type) : !isObject(data)) this.error(`${path}.data`, 'must be an object');
    this.data(`${path}.data`, type, isObject(data) ? data : {}, depth);
    if (VOID_BLOCKS.has(type)) {
      if (type === 'image') this.fragments(`${path}.fragments`, own(value, 'fragments'), 'caption', depth);
      if (type === 'table') this.table(path, value, depth);
      return;
    }
    const nodes = own(value, 'nodes');
    if (type === 'paragraph' || type.startsWith('heading-')) this.inlines(`${path}.nodes`, nodes, 'all', depth + 1);
    else if (type === 'code-line') this.inlines(`${path}.nodes`, nodes, 'text', depth + 1);
    else this.blocks(`${path}.nodes`, nodes, type as Container, depth + 1);
  }

  private data(path: string, type: string, data: Json, depth: number): void {
    switch (type) {
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        this.string(`${path}.id`, own(data, 'id'), false);
        return;
      }
      case 'list-ordered': {
        const start = own(data, 'start');
        // Markdown numbers lists with up to nine digits.
        if (start !== undefined && !(Number.isInteger(start) && (start as number) >= 0 && (start as number) <= 999_999_999)) {
          this.error(`${path}.start`, 'must be an integer from 0 to 999999999');
        }
        return;
      }
      case 'list-item': {
        this.boolean(`${path}.checked`, own(data, 'checked'));
        return;
      }
      case 'hint': {
        this.oneOf(`${path}.style`, own(data, 'style'), HINT_STYLES, true);
        return;
      }
      case 'code':
        this.string(`${path}.syntax`, own(data, 'syntax'), false);
        this.string(`${path}.title`, own(data, 'title'), false);
        this.oneOf(`${path}.overflow`, own(data, 'overflow'), CODE_OVERFLOWS, false);
        {
          this.boolean(`${path}.lineNumbers`, own(data, 'lineNumbers'));
          return;
        }
      case 'tabs-item': {
        this.string(`${path}.title`, own(data, 'title'), false);
        return;
      }
      case 'embed': {
        this.string(`${path}.url`, own(data, 'url'), true);
        return;
      }
      case 'file': {
        this.ref(`${path}.ref`, own(data, 'ref'), ['file'], depth);
        return;
      }
      case 'content-ref': {
        this.ref(`${path}.ref`, own(data, 'ref'), ['url', 'page', 'anchor', 'file'], depth);
        return;
      }
      case 'image':
        this.ref(`${path}.ref`, own(data, 'ref'), ['url', 'file'], depth);
        {
          this.string(`${path}.alt`, own(data, 'alt'), false);
          return;
        }
    }
  }

  private inlines(path: string, value: unknown, allowed: 'all' | 'link' | 'text', depth: number): void {
    if (!Array.isArray(value)) {
      this.error(path, 'must be an array of texts and inlines');
      return;
    }
    if (this.deep(path, depth)) return;
    for (let i = 0; i < value.length && !this.full; i++) this.inline(`${path}[${i}]`, value[i], allowed, depth);
  }

  private inline(path: string, value: unknown, allowed: 'all' | 'link' | 'text', depth: number): void {
    if (!this.counted(path)) return;
    if (!isObject(value)) {
      this.error(path, 'must be an object');
      return;
    }
    const object = own(value, 'object');
    if (object === 'text') {
      this.text(path, value, depth);
      return;
    }
    if (object !== 'inline') {
      this.error(`${path}.object`, `must be "text"${allowed === 'text' ? '' : ' or "inline"'}, not ${quoted(object)}`);
      return;
    }
    const type = own(value, 'type');
    if (allowed === 'text') {
      this.error(path, 'code lines hold text only');
      return;
    }
    if (type !== 'link' && type !== 'inline-image') {
      const name = quoted(type);
      this.error(path, OTHER_GITBOOK_INLINES.has(String(type)) ? `inline type ${name} is not supported` : `unknown inline type ${name}`);
      return;
    }
    if (type === 'link' && allowed === 'link') {
      this.error(path, 'a link cannot hold a link');
      return;
    }
    const data = own(value, 'data');
    if (!isObject(data)) {
      this.error(`${path}.data`, 'must be an object');
      return;
    }
    if (type === 'inline-image') {
      this.ref(`${path}.data.ref`, own(data, 'ref'), ['url', 'file'], depth);
      this.string(`${path}.data.alt`, own(data, 'alt'), false);
      this.string(`${path}.data.caption`, own(data, 'caption'), false);
      return;
    }
    this.ref(`${path}.data.ref`, own(data, 'ref'), ['url', 'page', 'anchor', 'file'], depth);
    this.inlines(`${path}.nodes`, own(value, 'nodes'), 'link', depth + 1);
  }

  private text(path: string, value: Json, depth: number): void {
    if (this.deep(`${path}.leaves`, depth + 1)) return;
    this.each(`${path}.leaves`, own(value, 'leaves'), 'leaf', (at, leaf) => {
      const text = own(leaf, 'text');
      if (typeof text !== 'string') this.error(`${at}.text`, 'must be a string');
      else if ((this.textLength += text.length) > this.limits.maxTextLength && this.textLength - text.length <= this.limits.maxTextLength) {
        this.error(`${at}.text`, `the document holds more than ${this.limits.maxTextLength} characters of text`);
      }
      this.each(`${at}.marks`, own(leaf, 'marks'), 'mark', (markAt, mark) => {
        const type = own(mark, 'type');
        if ((MARK_TYPES as readonly unknown[]).includes(type)) return;
        const supported = OTHER_GITBOOK_MARKS.has(String(type));
        this.error(`${markAt}.type`, supported ? `mark ${quoted(type)} is not supported` : `unknown mark ${quoted(type)}`);
      });
    });
  }

  /** Each element of an array of `object`s (leaves, marks, fragments), counted as a node. */
  private each(path: string, value: unknown, object: string, visit: (at: string, item: Json) => void): void {
    if (!Array.isArray(value)) {
      this.error(path, `must be an array of ${object === 'leaf' ? 'leaves' : `${object}s`}`);
      return;
    }
    for (let i = 0; i < value.length && !this.full; i++) {
      const at = `${path}[${i}]`;
      const item = value[i];
      if (!this.counted(at)) return;
      if (isObject(item) && own(item, 'object') === object) visit(at, item);
      else this.error(at, `must be ${article(object)} ${object} ({ "object": "${object}", ... })`);
    }
  }

  private ref(path: string, value: unknown, kinds: readonly string[], depth: number): void {
    if (!isObject(value)) {
      this.error(path, 'must be a reference ({ "kind": ... })');
      return;
    }
    if (this.deep(path, depth + 1)) return;
    const kind = own(value, 'kind');
    if (typeof kind !== 'string' || !kinds.includes(kind)) {
      const known = OTHER_GITBOOK_REFS.has(String(kind)) || ['url', 'page', 'anchor', 'file'].includes(String(kind));
      const what = known ? `a reference of kind ${quoted(kind)} cannot stand here` : `unknown reference kind ${quoted(kind)}`;
      this.error(`${path}.kind`, `${what} (${kinds.join(', ')})`);
      return;
    }
    const field = kind === 'url' ? 'url' : kind;
    this.string(`${path}.${field}`, own(value, field), true);
    if (kind === 'anchor') this.string(`${path}.page`, own(value, 'page'), false);
    if (own(value, 'space') !== undefined) this.error(`${path}.space`, 'references to other spaces are not supported');
  }

  private fragments(path: string, value: unknown, kind: 'caption' | 'table-cell', depth: number): void {
    if (this.deep(path, depth + 1)) return;
    this.each(path, value, 'fragment', (at, fragment) => {
      if (kind === 'caption' && own(fragment, 'fragment') !== 'caption') this.error(`${at}.fragment`, 'must be "caption"');
      else this.string(`${at}.fragment`, own(fragment, 'fragment'), true);
      this.blocks(`${at}.nodes`, own(fragment, 'nodes'), kind, depth + 2);
    });
  }

  private table(path: string, table: Json, depth: number): void {
    const data = own(table, 'data');
    if (!isObject(data)) return;
    const view = own(data, 'view');
    const definition = own(data, 'definition');
    const records = own(data, 'records');
    const columns = new Map(isObject(definition) ? Object.entries(definition) : []);
    this.eachEntry(`${path}.data.definition`, definition, 'columns', (at, column) => {
      this.string(`${at}.title`, own(column, 'title'), true);
      const type = own(column, 'type');
      if (type !== 'text') this.error(`${at}.type`, `columns of type ${quoted(type)} are not supported (text)`);
      this.oneOf(`${at}.textAlignment`, own(column, 'textAlignment'), TABLE_ALIGNMENTS, false);
    });
    if (!isObject(view) || own(view, 'type') !== 'grid')
      this.error(`${path}.data.view`, 'must be a grid view ({ "type": "grid", "columns": [...] })');
    else {
      const shown = own(view, 'columns');
      if (!Array.isArray(shown)) this.error(`${path}.data.view.columns`, 'must be an array of column ids');
      else
        shown.forEach((id, i) => {
          if (typeof id !== 'string' || !columns.has(id))
            this.error(`${path}.data.view.columns[${i}]`, `names no column of the definition (${quoted(id)})`);
        });
    }
    this.eachEntry(`${path}.data.records`, records, 'rows', (at, record) => {
      this.string(`${at}.orderIndex`, own(record, 'orderIndex'), true);
      const values = own(record, 'values');
      if (!isObject(values)) this.error(`${at}.values`, 'must be an object');
      else
        for (const [column, cell] of Object.entries(values)) {
          if (cell !== null && typeof cell !== 'string') this.error(`${at}.values[${quoted(column)}]`, 'must name a fragment (a string)');
        }
    });
    this.fragments(`${path}.fragments`, own(table, 'fragments'), 'table-cell', depth);
  }

  /** Each entry of an object keyed by id (a table's columns, its rows), counted as a node. */
  private eachEntry(path: string, value: unknown, what: string, visit: (at: string, item: Json) => void): void {
    if (!isObject(value)) {
      this.error(path, `must be an object of ${what}`);
      return;
    }
    for (const [id, item] of Object.entries(value)) {
      const at = `${path}[${quoted(id)}]`;
      if (!this.counted(at)) return;
      if (isObject(item)) visit(at, item);
      else this.error(at, 'must be an object');
    }
  }

  private string(path: string, value: unknown, required: boolean): void {
    if (value === undefined && !required) return;
    if (typeof value !== 'string') {
      this.error(path, 'must be a string');
      return;
    }
    if (value.length > this.limits.maxStringLength) this.error(path, `must be at most ${this.limits.maxStringLength} characters`);
  }

  private boolean(path: string, value: unknown): void {
    if (value !== undefined && typeof value !== 'boolean') this.error(path, 'must be a boolean');
  }

  private oneOf(path: string, value: unknown, values: readonly string[], required: boolean): void {
    if (value === undefined && !required) return;
    if (!values.includes(value as string)) this.error(path, `must be one of ${values.join(', ')}`);
  }
}
