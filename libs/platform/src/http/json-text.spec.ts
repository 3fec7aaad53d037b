import fc from 'fast-check';
import { answerWithJsonTexts, JsonText } from './json-text';

describe('answerWithJsonTexts', () => {
  it('writes each document in place as its text, whatever the strings around it hold', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 4 }), fc.string(), (around, documents, title) => {
        const answer = {
          title,
          around,
          pages: documents.map((document, i) => ({ id: `p${i}`, document: new JsonText(JSON.stringify(document)) })),
        };
        const expected = { title, around, pages: documents.map((document, i) => ({ id: `p${i}`, document })) };
        expect(JSON.parse(answerWithJsonTexts(answer))).toEqual(JSON.parse(JSON.stringify(expected)));
      }),
    );
  });

  it('takes no string for a placeholder, even one written like it', () => {
    const answer = { a: '\u0000json-text:0', b: new JsonText('{"x":1}'), c: '"\u0000json-text:' };
    expect(JSON.parse(answerWithJsonTexts(answer))).toEqual({ a: '\u0000json-text:0', b: { x: 1 }, c: '"\u0000json-text:' });
  });
});
