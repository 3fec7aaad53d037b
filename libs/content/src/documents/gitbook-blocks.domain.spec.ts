import MarkdownIt from 'markdown-it';
import { gitbookBlocks, gitbookTokenType, isTagAlone, openedTag, parseTagLine, tagAttribute, writeTag } from './gitbook-blocks.domain';

const md = new MarkdownIt('default', { html: false }).use(gitbookBlocks);
const decode = md.utils.unescapeAll;

/** The block tokens of `source`, as `type` or `type(attribute=value, ...)` for tags, a paragraph as its `"text"`, one a line. */
function outline(source: string): string {
  return md
    .parse(source, {})
    .flatMap((token) => {
      if (token.type === 'inline') return [JSON.stringify(token.content)];
      if (token.type === 'paragraph_open' || token.type === 'paragraph_close') return [];
      if (!openedTag(token)) return [token.type];
      const attributes = [...(token.meta.attributes as Map<string, string>)].map(([key, value]) => `${key}=${value}`);
      return [`${token.type}(${attributes.join(', ')})${isTagAlone(token) ? ' alone' : ''}`];
    })
    .join('\n');
}

describe('GitBook blocks (markdown-it plugin)', () => {
  it('reads a hint, its style and the blocks inside', () => {
    expect(outline('{% hint style="warning" %}\nCareful **now**\n\n- one\n{% endhint %}')).toBe(`gitbook_hint_open(style=warning)
"Careful **now**"
bullet_list_open
list_item_open
"one"
list_item_close
bullet_list_close
gitbook_hint_close`);
  });

  it('reads tabs, each tab with its title', () => {
    expect(
      outline('{% tabs %}\n{% tab title="First" %}\nOne\n{% endtab %}\n\n{% tab title="Second" %}\nTwo\n{% endtab %}\n{% endtabs %}'),
    ).toBe(`gitbook_tabs_open()
gitbook_tab_open(title=First)
"One"
gitbook_tab_close
gitbook_tab_open(title=Second)
"Two"
gitbook_tab_close
gitbook_tabs_close`);
  });

  it('reads a code block with its title and options around the fence', () => {
    expect(
      outline('{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n\n```js\nx()\n```\n\n{% endcode %}'),
    ).toBe(`gitbook_code_open(title=index.js, overflow=wrap, lineNumbers=true)
fence
gitbook_code_close`);
  });

  it('reads embeds, files and content references alone or with what they hold', () => {
    const source = [
      '{% embed url="https://youtu.be/x" %}',
      '',
      '{% embed url="https://a.test" %}',
      'Caption',
      '{% endembed %}',
      '',
      '{% file src="/files/f1" %}',
      '',
      '{% content-ref url="guide.md" %}',
      '[guide.md](guide.md)',
      '{% endcontent-ref %}',
    ].join('\n');
    expect(outline(source)).toBe(`gitbook_embed_open(url=https://youtu.be/x) alone
gitbook_embed_close
gitbook_embed_open(url=https://a.test)
"Caption"
gitbook_embed_close
gitbook_file_open(src=/files/f1) alone
gitbook_file_close
gitbook_content_ref_open(url=guide.md)
"[guide.md](guide.md)"
gitbook_content_ref_close`);
  });

  it('reads tags inside lists and quotes, and a tag line ends the paragraph before it', () => {
    expect(outline('- {% hint style="info" %}\n  In a list\n  {% endhint %}')).toContain('gitbook_hint_open(style=info)');
    expect(outline('> {% hint style="info" %}\n> In a quote\n> {% endhint %}')).toContain('gitbook_hint_open(style=info)');
    expect(outline('Before\n{% embed url="https://a.test" %}')).toBe(`"Before"
gitbook_embed_open(url=https://a.test) alone
gitbook_embed_close`);
  });

  it('skips fenced code while looking for the end tag (code may show GitBook markdown)', () => {
    const source = '{% tabs %}\n{% tab title="Source" %}\n- ```\n  {% endtab %}\n  ```\n{% endtab %}\n{% endtabs %}';
    const tokens = outline(source);
    expect(tokens.match(/gitbook_tab_close/g)).toHaveLength(1);
    expect(tokens).toContain('fence');
  });

  it.each([
    ['an unclosed hint', '{% hint style="info" %}\nNever closed'],
    ['an end with no start', 'Text\n{% endhint %}'],
    ['a mismatched end', '{% hint style="info" %}\nText\n{% endtabs %}'],
    ['an unknown tag', '{% swagger src="x" %}\n{% endswagger %}'],
    ['a tag with text after it', '{% hint style="info" %} text {% endhint %}'],
    ['a tag indented as code', '    {% hint style="info" %}\n    x\n    {% endhint %}'],
    ['a malformed attribute', '{% hint style=info %}\nx\n{% endhint %}'],
  ])('leaves %s as text', (_, source) => {
    const tokens = md.parse(source, {});
    expect(tokens.some((token) => token.type.startsWith('gitbook_'))).toBe(false);
    expect(tokens.filter((t) => t.type === 'inline' || t.type === 'code_block').map((t) => t.content.trim())).not.toEqual([]);
  });

  it('stops looking for an end at the next start of the same tag, so that unclosed tags cost one short scan each', () => {
    expect(outline('{% hint style="info" %}\n{% hint style="danger" %}\nInner\n{% endhint %}')).toBe(`"{% hint style=\\"info\\" %}"
gitbook_hint_open(style=danger)
"Inner"
gitbook_hint_close`);
  });

  it('renders the tags as plain HTML, links checked as markdown-it checks them', () => {
    const html = md.render(
      [
        '{% hint style="danger" %}\n**No**\n{% endhint %}',
        '{% embed url="javascript:alert(1)" %}',
        '{% tabs %}\n{% tab title="<T>" %}\nx\n{% endtab %}\n{% endtabs %}',
      ].join('\n\n'),
    );
    expect(html).toContain('<div class="hint hint-danger">\n<p><strong>No</strong></p>\n</div>');
    expect(html).toContain('<figure class="embed">\njavascript:alert(1)\n</figure>');
    expect(html).toContain('<p class="tab-title">&lt;T&gt;</p>');
    expect(md.render('{% content-ref url="https://a.test/x" %}')).toBe(
      '<div class="content-ref">\n<a href="https://a.test/x">https://a.test/x</a>\n</div>\n',
    );
  });

  it('names the tokens of each tag', () => {
    expect(gitbookTokenType('content-ref', 'open')).toBe('gitbook_content_ref_open');
    const [open] = md.parse('{% tab title="A &amp; B" %}\nx\n{% endtab %}', {});
    expect(openedTag(open!)).toBe('tab');
    expect(tagAttribute(open!, 'title')).toBe('A & B');
  });
});

describe('tag lines', () => {
  const parse = (line: string) => {
    const tag = parseTagLine(line, 0, line.length, decode);
    return tag && { name: tag.name, attributes: Object.fromEntries(tag.attributes) };
  };

  it('reads the name and the attributes, quoted either way, first value kept', () => {
    expect(parse(`  {%code title='a.js' lineNumbers="true" title="b" %}  `)).toEqual({
      name: 'code',
      attributes: { title: 'a.js', lineNumbers: 'true' },
    });
    expect(parse('{% endhint %}')).toEqual({ name: 'endhint', attributes: {} });
    expect(parse('{% hint style="a %} b" %}')).toEqual({ name: 'hint', attributes: { style: 'a %} b' } });
  });

  it.each(['{% %}', '{% hint', '{% hint style %}', '{% hint style="x"title="y" %}', '{% hint %} x', 'x {% hint %}', '{% hint style="x %}'])(
    'refuses %j',
    (line) => expect(parse(line)).toBeNull(),
  );

  it('writes attributes that read back as written', () => {
    const values = ['Title "quoted"', 'a %} b', 'x\\y &amp; z', 'two\nlines', "it's"];
    for (const value of values) {
      const line = writeTag('tab', [['title', value]]);
      expect(parse(line)).toEqual({ name: 'tab', attributes: { title: value } });
    }
    expect(
      writeTag('code', [
        ['title', undefined],
        ['overflow', 'wrap'],
        ['syntax', ''],
      ]),
    ).toBe('{% code overflow="wrap" %}');
  });
});
