import fc from 'fast-check';
import { DocumentBlock, JSONDocument } from './document-nodes.domain';
import { documentToMarkdown } from './document-to-markdown.domain';
import { validateDocument } from './document-validation.domain';
import { markdownToDocument } from './markdown-to-document.domain';
import { DOCUMENTS_CONTEXT as context, documents } from './testing/document-arbitraries';
import { gitbookDocumentErrors } from './testing/gitbook-document-schema';

/** Every leaf's text, in the order markdown writes it (table cells row by row). */
function textOf(doc: JSONDocument): string {
  const out: string[] = [];
  const blocks = (nodes: readonly DocumentBlock[]) => {
    for (const node of nodes) {
      if (node.type === 'table') {
        const cells = new Map(node.fragments.map((f) => [f.fragment, f.nodes]));
        const rows = Object.values(node.data.records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : 1));
        for (const row of rows) for (const column of node.data.view.columns) blocks(cells.get(row.values[column]!) ?? []);
      } else if ('nodes' in node) {
        for (const child of node.nodes as Array<DocumentBlock | { object: string }>) {
          if (child.object === 'block') blocks([child as DocumentBlock]);
          else inlines([child]);
        }
      }
    }
  };
  const inlines = (nodes: readonly unknown[]) => {
    for (const node of nodes as Array<{ object: string; leaves?: Array<{ text: string }>; nodes?: unknown[] }>) {
      if (node.object === 'text') out.push(...node.leaves!.map((l) => l.text));
      else if (node.nodes) inlines(node.nodes);
    }
  };
  blocks(doc.nodes);
  return out.join('');
}

describe('markdown ↔ GitBook document, over generated documents', () => {
  // document → markdown → document keeps the text and is stable after one round; markdown → document → markdown keeps the markdown.
  it('keeps the text both ways, and is stable after one round', () => {
    fc.assert(
      fc.property(documents(2), (generated) => {
        expect(validateDocument(generated)).toEqual([]);
        const markdown = documentToMarkdown(generated, context);
        const once = markdownToDocument(markdown, context);
        expect(textOf(once)).toBe(textOf(generated));
        expect(validateDocument(once)).toEqual([]);
        expect(gitbookDocumentErrors(once)).toEqual([]);
        const again = documentToMarkdown(once, context);
        expect(again).toBe(markdown);
        expect(markdownToDocument(again, context)).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });
});

/** Fragments markdown and GitBook's blocks read as syntax, to be put together in any order. */
const SYNTAX = fc.constantFrom(
  '{% hint style="info" %}',
  '{% endhint %}',
  '{% tabs %}',
  '{% tab title="x" %}',
  '{% endtab %}',
  '{% endtabs %}',
  '{% code title="t" lineNumbers="true" %}',
  '{% endcode %}',
  '{% embed url="https://e.test" %}',
  '{% endembed %}',
  '{% file src="/files/f1" %}',
  '{% endfile %}',
  '{% content-ref url="/pages/p0" %}',
  '{% endcontent-ref %}',
  '```',
  '~~~',
  '> ',
  '- ',
  '1. ',
  '* ',
  '# ',
  '#### ',
  '**',
  '_',
  '*',
  '~~',
  '`',
  '[',
  ']',
  '](',
  ')',
  '![',
  '|',
  ' | ',
  '---',
  '| --- |',
  '\n',
  '\n',
  '\n\n',
  '  ',
  '    ',
  '\t',
  '\\',
  '&amp;',
  '&#32;',
  'text',
  ' ',
  '- [ ] ',
  '[x] ',
  '<',
  '<https://a.test>',
  '(/pages/p0)',
  '(/files/f1)',
  '#x',
  'é😀',
);
const markdownish = fc.oneof(
  fc.array(SYNTAX, { maxLength: 80 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 80, unit: 'binary' }),
);

describe('markdown → GitBook document, over any string', () => {
  it('never throws, answers a document GitBook and the validation accept, and is stable after one round', () => {
    fc.assert(
      fc.property(markdownish, (markdown) => {
        const doc = markdownToDocument(markdown, context);
        expect(validateDocument(doc)).toEqual([]);
        expect(gitbookDocumentErrors(doc)).toEqual([]);
        const once = markdownToDocument(documentToMarkdown(doc, context), context);
        expect(markdownToDocument(documentToMarkdown(once, context), context)).toEqual(once);
      }),
      { numRuns: 400 },
    );
  });
});
