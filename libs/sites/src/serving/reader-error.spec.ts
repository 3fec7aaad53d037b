import fc from 'fast-check';
import { prefersHtml } from './reader-error';

describe('prefersHtml: which refusals are pages', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', true],
    ['text/html', true],
    ['TEXT/HTML', true],
    ['text/*, application/json;q=0.9', true],
    ['application/json', false],
    ['*/*', false],
    ['', false],
    // Equal quality: the header's order decides (as Express's req.accepts does).
    ['text/html, application/json', true],
    ['application/json, text/html', false],
    ['text/html;q=0.4, */*;q=0.5', false],
    ['text/html;q=0', false],
    ['text/html;q=abc', false],
  ])('%j → %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });

  it('never prefers HTML unless text/html or text/* is named, for any header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (accept) => {
        if (prefersHtml(accept)) expect(accept.toLowerCase()).toMatch(/text\/(html|\*)/);
      }),
      { numRuns: 500 },
    );
  });
});
