import { load } from 'cheerio';
import { COPY_SCRIPT_PATH } from '../code-assets';

/** Markdown fragments that try to get script, event handlers or script URLs into the page. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com/" onmouseover="alert(1))',
  '<javascript:alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '{% embed url="javascript:alert(1)" %}',
  '{% content-ref url="javascript:alert(1)" %}',
  '{% hint style="info\\" onclick=\\"alert(1)" %}\nx\n{% endhint %}',
  '{% tabs %}\n{% tab title="<script>alert(1)</script>" %}\nx\n{% endtab %}\n{% endtabs %}',
  '{% code title="<img src=x onerror=alert(1)>" %}\n```"><script>alert(1)</script>\nx\n```\n{% endcode %}',
  '# <script>alert(1)</script>',
  '## x" onmouseover="alert(1)',
  '`<script>alert(1)</script>`',
  '```\n<script>alert(1)</script>\n```',
  '| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
  '[ref]: javascript:alert(1)\n\n[x][ref]',
  '<style>body{}</style><object data="x"></object><embed src="x">',
];

/**
 * What must never survive into a served page: script elements, event handler attributes, script URLs
 * (the page's own stylesheet and copy button script, in its head, aside).
 */
export function xssProblems(html: string): string[] {
  const $ = load(html);
  const problems: string[] = [];
  const ownScript = `head > script[src="${COPY_SCRIPT_PATH}"]`;
  if ($('script, iframe, object, embed, svg, body style').not(ownScript).length > 0) problems.push('an active element');
  for (const element of $('*').toArray()) {
    for (const [name, value] of Object.entries((element as { attribs?: Record<string, string> }).attribs ?? {})) {
      if (/^on/i.test(name)) problems.push(`attribute ${name}`);
      if (
        /^(href|src|action|formaction|xlink:href)$/i.test(name) &&
        /^\s*(javascript|vbscript|data):/i.test(value.replace(/[\s\0]/g, ''))
      ) {
        // Images may be data URLs: an <img>'s source, and the page's own empty icon (a <link>, which markdown never makes).
        const image = (name === 'src' || (element as { name?: string }).name === 'link') && /^data:image\//i.test(value);
        if (!image) problems.push(`${name}=${value}`);
      }
    }
  }
  return problems;
}
