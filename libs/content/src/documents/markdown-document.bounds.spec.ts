import { documentToMarkdown } from './document-to-markdown.domain';
import { validateDocument } from './document-validation.domain';
import { markdownToDocument } from './markdown-to-document.domain';

/**
 * Hostile markdown: repeated and unclosed GitBook tags, deep nesting, long runs of syntax. Each
 * converts without throwing, to a document the validation accepts, and the work grows with the
 * input as markdown-it's own does, not with its square (an unclosed tag does not scan the rest of
 * the body for its end each time).
 */
const HOSTILE: Record<string, (n: number) => string> = {
  'unclosed hints, one a line': (n) => '{% hint %}\n'.repeat(n),
  'unclosed hints on one line': (n) => '{% hint style="info" %}'.repeat(n),
  'ends with no start': (n) => '{% endhint %}\n'.repeat(n),
  'hints in hints': (n) => `${'{% hint %}\n'.repeat(n / 2)}${'{% endhint %}\n'.repeat(n / 2)}`,
  'every tag unclosed, in turn': (n) => '{% hint %}\n{% tabs %}\n{% tab %}\n{% code %}\n{% embed url="x" %}\n'.repeat(n / 5),
  'unclosed tags indented every way': (n) => Array.from({ length: n }, (_, i) => `${' '.repeat(i % 4)}{% tabs %}`).join('\n'),
  'tabs never closed': (n) => `{% tabs %}\n${'{% tab title="x" %}\nx\n'.repeat(n / 2)}`,
  'a fence never closed in a tab': (n) => `{% tabs %}\n{% tab %}\n\`\`\`\n${'{% endtab %}\n'.repeat(n)}`,
  'quotes in quotes': (n) => `${'>'.repeat(n)} x`,
  'lists in lists': (n) => Array.from({ length: Math.min(n, 2000) }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n'),
  'open brackets': (n) => '['.repeat(n),
  'emphasis in words': (n) => '*a'.repeat(n),
};

/** Converts both ways; the document passes validation but for the bounds a page's markdown (1 MiB) keeps to. */
function convert(markdown: string): void {
  const doc = markdownToDocument(markdown);
  const errors = validateDocument(doc);
  expect(errors.filter((error) => !/more than \d+ (nodes|characters)/.test(error))).toEqual([]);
  if (markdown.length < 512 * 1024) expect(errors).toEqual([]);
  documentToMarkdown(doc);
}

/**
 * The cheaper of three runs, in CPU milliseconds of this process: what the work costs, which other
 * processes on a busy machine do not stretch the way they stretch wall time.
 */
function millis(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = process.cpuUsage();
    work();
    const { user, system } = process.cpuUsage(start);
    best = Math.min(best, (user + system) / 1000);
  }
  return best;
}

describe('hostile markdown', () => {
  it('100,000 unclosed hints convert to a valid document', () => convert(HOSTILE['unclosed hints, one a line']!(100_000)));

  it.each(Object.keys(HOSTILE))('%s: converts, in work that grows linearly', (name) => {
    const make = HOSTILE[name]!;
    convert(make(500));
    const small = millis(() => convert(make(2000)));
    const large = millis(() => convert(make(8000)));
    // Four times the input: about four times the work (sixteen if it grew with the square).
    expect(large / Math.max(small, 1)).toBeLessThan(10);
  });
});
