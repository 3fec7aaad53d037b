import fc from 'fast-check';
import { documentToMarkdown } from './document-to-markdown.domain';
import { markdownToDocument } from './markdown-to-document.domain';
import { bodiesIn, inRuns, jsonNodesUpTo, markdownOfDocument, RevisionLinkData } from './page-bodies.domain';
import { DOCUMENTS_CONTEXT, documents } from './testing/document-arbitraries';
import { gitbookDocumentErrors } from './testing/gitbook-document-schema';

/** The space of DOCUMENTS_CONTEXT (three pages, two files) as the link data handed to work threads. */
const LINKS: RevisionLinkData = {
  pages: new Set(['p0', 'p1', 'p2']),
  byPath: new Map([
    ['guide', 'p0'],
    ['guide/install', 'p1'],
    ['faq', 'p2'],
  ]),
  paths: new Map([
    ['p0', 'guide'],
    ['p1', 'guide/install'],
    ['p2', 'faq'],
  ]),
  withChildren: new Set(['p0']),
  firstPage: 'p0',
  files: new Set(['f1', 'f2']),
  fileNames: new Map(),
};

describe('page bodies in the form a read asks', () => {
  it('answers the document DOCUMENTS_CONTEXT gives, and stable markdown that reads back as the same document', () => {
    fc.assert(
      fc.property(documents(2), (generated) => {
        const markdown = documentToMarkdown(generated, DOCUMENTS_CONTEXT);
        const [asDocument] = bodiesIn({ form: 'document', links: LINKS, pages: [{ pageId: 'p1', markdown }] });
        const expected = markdownToDocument(markdown, DOCUMENTS_CONTEXT);
        expect(asDocument).toEqual({ document: expected });
        expect(gitbookDocumentErrors(expected)).toEqual([]);
        const [stable] = bodiesIn({ form: 'stable-markdown', links: LINKS, pages: [{ pageId: 'p1', markdown }] });
        expect(stable).toEqual({ markdown: documentToMarkdown(expected) });
        expect(markdownToDocument((stable as { markdown: string }).markdown, DOCUMENTS_CONTEXT)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('writes links as stable references: relative and path links to pages and files by id, places in the page as anchors', () => {
    const markdown =
      '[a](../faq.md) [b](/pages/guide#start) [c](./install.md#here) [d](/files/f1) [e](#top) [f](https://x.test/y) [g](./nothing.md)\n';
    const [stable] = bodiesIn({ form: 'stable-markdown', links: LINKS, pages: [{ pageId: 'p1', markdown }] });
    expect(stable).toEqual({
      markdown: '[a](/pages/p2) [b](/pages/p0#start) [c](#here) [d](/files/f1) [e](#top) [f](https://x.test/y) [g](./nothing.md)\n',
    });
  });
});

describe('documents sent as page bodies', () => {
  it('are written as markdown when valid', () => {
    fc.assert(
      fc.property(documents(2), (generated) => {
        expect(markdownOfDocument(generated)).toEqual({ markdown: documentToMarkdown(generated) });
      }),
      { numRuns: 40 },
    );
  });

  it('are refused with the path of each bad node', () => {
    const bad = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'paragraph', data: {}, nodes: [] },
        { object: 'block', type: 'x' },
      ],
    };
    const result = markdownOfDocument(bad);
    expect(result).toEqual({ errors: expect.arrayContaining([expect.stringMatching(/^document\.nodes\[1\]/)]) });
    expect(markdownOfDocument('text')).toEqual({ errors: ['document: must be an object'] });
  });
});

describe('bounded helpers', () => {
  const json = fc.jsonValue({ maxDepth: 6 });
  const count = (value: unknown): number =>
    typeof value === 'object' && value !== null ? 1 + Object.values(value).reduce<number>((sum, child) => sum + count(child), 0) : 0;

  it('jsonNodesUpTo counts objects and arrays, never past the cap', () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 4 }), fc.integer({ min: 0, max: 50 }), (values, cap) => {
        const all = values.reduce<number>((sum, value) => sum + count(value), 0);
        expect(jsonNodesUpTo(values, cap)).toBe(Math.min(all, cap));
      }),
    );
  });

  it('inRuns keeps every item in order, each run within the cap unless it is one item', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 })), fc.integer({ min: 1, max: 30 }), (sizes, cap) => {
        const runs = inRuns(sizes, (size) => size, cap);
        expect(runs.flat()).toEqual(sizes);
        for (const run of runs) {
          expect(run.length).toBeGreaterThan(0);
          if (run.length > 1) expect(run.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(cap);
        }
      }),
    );
  });
});
