import fc from 'fast-check';
import { answerWithDocuments, DocumentJson } from './document-json';

describe('answerWithDocuments', () => {
  it('writes each document in place as its text, whatever the strings around it hold', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 4 }), fc.string(), (around, documents, title) => {
        const answer = {
          title,
          around,
          pages: documents.map((document, i) => ({ id: `p${i}`, document: new DocumentJson(JSON.stringify(document)) })),
        };
        const expected = { title, around, pages: documents.map((document, i) => ({ id: `p${i}`, document })) };
        expect(JSON.parse(answerWithDocuments(answer))).toEqual(JSON.parse(JSON.stringify(expected)));
      }),
    );
  });

  it('takes no string for a placeholder, even one written like it', () => {
    const answer = { a: '\u0000document:0', b: new DocumentJson('{"x":1}'), c: '"\u0000document:' };
    expect(JSON.parse(answerWithDocuments(answer))).toEqual({ a: '\u0000document:0', b: { x: 1 }, c: '"\u0000document:' });
  });
});
