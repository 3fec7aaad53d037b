import fc from 'fast-check';
import { contentDisposition, noneMatch } from './file-answer';

/** The parameters of a Content-Disposition value, as RFC 6266 reads them. */
function parameters(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';').slice(1)) {
    const [name, value] = [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()];
    out.set(name, value);
  }
  return out;
}

describe('file answers', () => {
  it('shows images that cannot run script inline, anything else as an attachment', () => {
    expect(contentDisposition('a.png', 'image/png')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
    expect(contentDisposition('a.svg', 'image/svg+xml')).toMatch(/^attachment; /);
    expect(contentDisposition('a.html', 'text/html; charset=utf-8')).toMatch(/^attachment; /);
  });

  it('keeps the exact name in filename*, and a plain ASCII fallback, for any name (property)', () => {
    expect(contentDisposition('"; evil=1\r\n.txt', 'text/plain')).toBe(
      `attachment; filename="_ evil_1_.txt"; filename*=UTF-8''%22%3B%20evil%3D1%0D%0A.txt`,
    );
    expect(contentDisposition("résumé (v2)'s.pdf", 'application/pdf')).toBe(
      `attachment; filename="resume _v2_s.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28v2%29%27s.pdf`,
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('image/png', 'text/html'), (name, type) => {
        const header = contentDisposition(name, type);
        expect(header).toMatch(/^(inline|attachment); filename="[A-Za-z0-9._ -]{1,100}"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]*$/);
        expect(decodeURIComponent(parameters(header).get('filename*')!.slice("UTF-8''".length))).toBe(Buffer.from(name).toString('utf8'));
      }),
    );
  });

  it('matches If-None-Match as RFC 9110 says', () => {
    expect(noneMatch(undefined, '"abc"')).toBe(false);
    expect(noneMatch('"abc"', '"abc"')).toBe(true);
    expect(noneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(noneMatch('"x", "abc"', '"abc"')).toBe(true);
    expect(noneMatch('*', '"abc"')).toBe(true);
    expect(noneMatch('"abcd"', '"abc"')).toBe(false);
    expect(noneMatch('abc', '"abc"')).toBe(false);
  });
});
