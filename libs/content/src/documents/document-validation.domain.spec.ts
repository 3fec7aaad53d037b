import fc from 'fast-check';
import { DOCUMENT_LIMITS } from './document-nodes.domain';
import { isDocument, validateDocument } from './document-validation.domain';

const leaf = (text: string, marks: string[] = []) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) });
const text = (...leaves: unknown[]) => ({ object: 'text', leaves });
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

describe('validateDocument', () => {
  it('accepts the documents GitBook writes, with the fields it adds (key, meta, isVoid)', () => {
    const value = doc(
      {
        object: 'block',
        type: 'heading-1',
        key: 'k1',
        data: { id: 'intro' },
        meta: { id: 'intro' },
        nodes: [text(leaf('Intro', ['bold']))],
      },
      paragraph(text(leaf('See ')), {
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'page', page: 'p1' } },
        nodes: [text(leaf('the guide'))],
      }),
      { object: 'block', type: 'hint', data: { style: 'success' }, nodes: [paragraph(text(leaf('Done', ['italic', 'code'])))] },
      {
        object: 'block',
        type: 'code',
        data: { syntax: 'js', title: 'a.js', overflow: 'wrap', lineNumbers: true },
        nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [text(leaf('x()'))] }],
      },
      { object: 'block', type: 'divider', data: {}, isVoid: true },
    );
    expect(validateDocument(value)).toEqual([]);
    expect(isDocument(value)).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['a non-object', [], 'document: must be an object'],
    ['another object', { object: 'page', data: {}, nodes: [] }, 'document.object: must be "document"'],
    ['nodes that are no array', { object: 'document', data: {}, nodes: {} }, 'document.nodes: must be an array of blocks'],
    ['an unknown block', doc(paragraph(), { object: 'block', type: 'foo', nodes: [] }), 'document.nodes[1]: unknown block type "foo"'],
    [
      'a GitBook block not converted',
      doc({ object: 'block', type: 'math', data: { formula: 'x' } }),
      'document.nodes[0]: block type "math" is not supported',
    ],
    [
      'a block where GitBook allows none',
      doc({ object: 'block', type: 'list-item', nodes: [] }),
      'document.nodes[0]: the document cannot hold "list-item" blocks',
    ],
    [
      'code in a hint',
      doc({ object: 'block', type: 'hint', data: { style: 'info' }, nodes: [{ object: 'block', type: 'code', data: {}, nodes: [] }] }),
      'document.nodes[0].nodes[0]: a hint cannot hold "code" blocks',
    ],
    [
      'a list of paragraphs',
      doc({ object: 'block', type: 'list-unordered', nodes: [paragraph()] }),
      'document.nodes[0].nodes[0]: a list-unordered cannot hold "paragraph" blocks (it holds list-item)',
    ],
    [
      'a hint of no style',
      doc({ object: 'block', type: 'hint', data: { style: 'tip' }, nodes: [] }),
      'document.nodes[0].data.style: must be one of info, success, warning, danger',
    ],
    ['a heading without data', doc({ object: 'block', type: 'heading-2', nodes: [] }), 'document.nodes[0].data: must be an object'],
    [
      'a leaf without marks',
      doc(paragraph(text({ object: 'leaf', text: 'x' }))),
      'document.nodes[0].nodes[0].leaves[0].marks: must be an array of marks',
    ],
    [
      'a mark not converted',
      doc(paragraph(text(leaf('x', ['color'])))),
      'document.nodes[0].nodes[0].leaves[0].marks[0].type: mark "color" is not supported',
    ],
    [
      'an unknown inline',
      doc(paragraph({ object: 'inline', type: 'sparkle', data: {} })),
      'document.nodes[0].nodes[0]: unknown inline type "sparkle"',
    ],
    [
      'a link to a user',
      doc(paragraph({ object: 'inline', type: 'link', data: { ref: { kind: 'user', user: 'u1' } }, nodes: [] })),
      'document.nodes[0].nodes[0].data.ref.kind: a reference of kind "user" cannot stand here (url, page, anchor, file)',
    ],
    [
      'a link into another space',
      doc(paragraph({ object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p', space: 's2' } }, nodes: [] })),
      'document.nodes[0].nodes[0].data.ref.space: references to other spaces are not supported',
    ],
    [
      'a link in a link',
      doc(
        paragraph({
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'url', url: 'a' } },
          nodes: [{ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'b' } }, nodes: [] }],
        }),
      ),
      'document.nodes[0].nodes[0].nodes[0]: a link cannot hold a link',
    ],
    [
      'a file block showing a URL',
      doc({ object: 'block', type: 'file', data: { ref: { kind: 'url', url: 'x' } }, isVoid: true }),
      'document.nodes[0].data.ref.kind',
    ],
    [
      'a table of numbers',
      doc({
        object: 'block',
        type: 'table',
        isVoid: true,
        data: { view: { type: 'grid', columns: ['c'] }, records: {}, definition: { c: { id: 'c', title: 'N', type: 'number' } } },
        fragments: [],
      }),
      'document.nodes[0].data.definition["c"].type: columns of type "number" are not supported (text)',
    ],
    [
      'a table showing a column it lacks',
      doc({
        object: 'block',
        type: 'table',
        isVoid: true,
        data: { view: { type: 'grid', columns: ['zz'] }, records: {}, definition: {} },
        fragments: [],
      }),
      'document.nodes[0].data.view.columns[0]: names no column of the definition ("zz")',
    ],
  ])('names what is wrong with %s', (_, value, error) => {
    const errors = validateDocument(value);
    expect(errors.some((e) => e.startsWith(error))).toBe(true);
    expect(isDocument(value)).toBe(false);
  });

  it('bounds the depth, the nodes and the text, and says which bound', () => {
    let deep: unknown = paragraph();
    for (let i = 0; i < DOCUMENT_LIMITS.maxDepth; i++) deep = { object: 'block', type: 'blockquote', data: {}, nodes: [deep] };
    expect(validateDocument(doc(deep)).join('\n')).toContain(`nodes nest more than ${DOCUMENT_LIMITS.maxDepth} levels deep`);

    const many = doc(...Array.from({ length: 8 }, () => paragraph()), paragraph(text(leaf('x'), leaf('y'))));
    expect(validateDocument(many, { ...DOCUMENT_LIMITS, maxNodes: 10 })).toEqual([
      'document.nodes[8].nodes[0].leaves[0]: the document has more than 10 nodes',
    ]);

    const long = doc(paragraph(text(leaf('x'.repeat(DOCUMENT_LIMITS.maxTextLength)))), paragraph(text(leaf('y'))));
    expect(validateDocument(long)).toEqual([
      `document.nodes[1].nodes[0].leaves[0].text: the document holds more than ${DOCUMENT_LIMITS.maxTextLength} characters of text`,
    ]);

    const url = doc({ object: 'block', type: 'embed', data: { url: 'x'.repeat(DOCUMENT_LIMITS.maxStringLength + 1) }, isVoid: true });
    expect(validateDocument(url)).toEqual([`document.nodes[0].data.url: must be at most ${DOCUMENT_LIMITS.maxStringLength} characters`]);
  });

  it(`reports at most ${DOCUMENT_LIMITS.maxErrors} errors, and counts the others`, () => {
    const errors = validateDocument(doc(...Array.from({ length: 50 }, () => ({ object: 'block', type: 'foo' }))));
    expect(errors).toHaveLength(DOCUMENT_LIMITS.maxErrors + 1);
    expect(errors[errors.length - 1]).toBe('and 30 more errors');
  });

  it('reads only own properties, whatever the keys', () => {
    const value = JSON.parse('{"object":"document","data":{},"nodes":[{"object":"block","type":"paragraph","__proto__":{"nodes":[]}}]}');
    expect(validateDocument(value)).toEqual(['document.nodes[0].nodes: must be an array of texts and inlines']);
    const inherited = doc({ object: 'block', type: 'constructor' });
    expect(validateDocument(inherited)).toEqual(['document.nodes[0]: unknown block type "constructor"']);
  });

  it('never throws, and answers errors for anything that is not a document', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(Array.isArray(validateDocument(value))).toBe(true);
      }),
      { numRuns: 300 },
    );
    const nested: Record<string, unknown> = { object: 'document', data: {}, nodes: [] };
    let cursor = nested;
    for (let i = 0; i < 100_000; i++)
      cursor = (cursor.nodes as unknown[])[0] = { object: 'block', type: 'blockquote', data: {}, nodes: [] };
    expect(validateDocument(nested)).toEqual([expect.stringContaining('nest more than')]);
  });
});
