import { slugOf } from './slugs';

describe('slugOf', () => {
  const slug = (title: string) => slugOf(title, { max: 20, fallback: 'page' });

  it.each([
    ['Getting Started', 'getting-started'],
    ['  Getting Started: Élan & Co!  ', 'getting-started-elan'],
    ['Ça va? Très bien!', 'ca-va-tres-bien'],
    ['a--b__c', 'a-b-c'],
  ])('slugOf(%j) is %j', (title, expected) => expect(slug(title)).toBe(expected));

  it('answers the fallback when nothing is left', () => {
    expect(slug('???')).toBe('page');
    expect(slugOf('', { max: 10, fallback: 'space' })).toBe('space');
  });

  it('cuts at max characters, never leaving a dash at the end', () => {
    expect(slug('x'.repeat(50))).toBe('x'.repeat(20));
    expect(slug(`${'x'.repeat(19)} yz`)).toBe('x'.repeat(19));
  });
});
