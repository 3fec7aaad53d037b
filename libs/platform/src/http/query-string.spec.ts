import { firstQueryName, pathOf, queryEncodingProblem, queryOf } from './query-string';

describe('query strings', () => {
  it('splits a raw URL into path and query', () => {
    expect([pathOf('/health?t=1'), queryOf('/health?t=1')]).toEqual(['/health', 't=1']);
    expect([pathOf('/health'), queryOf('/health')]).toEqual(['/health', '']);
  });

  it('accepts well-formed percent-encoded UTF-8, + as a space and parameters without values', () => {
    for (const query of ['', 'a=1&b=2', 'q=%C3%A9t%C3%A9', 'a+b=c+d', 'x', 'x&&y=', 'e=%F0%9F%92%A9', 'a=1=2'])
      expect(queryEncodingProblem(query)).toBeNull();
  });

  it('refuses bad escapes and bytes that are not UTF-8, naming the parameter', () => {
    expect(queryEncodingProblem('zzUnknown=1&a=%')).toBe('query parameter a: the value is not well-formed percent-encoded UTF-8');
    expect(queryEncodingProblem('search=%ED%A0%80')).toMatch(/^query parameter search: the value/);
    expect(queryEncodingProblem('a=%ff')).toMatch(/^query parameter a:/);
    expect(queryEncodingProblem('a=%zz')).toMatch(/^query parameter a:/);
    expect(queryEncodingProblem('%C0%AE=1')).toBe('query parameter %C0%AE: the name is not well-formed percent-encoded UTF-8');
    expect(queryEncodingProblem(`${'x'.repeat(500)}%=1`)).toMatch(/^query parameter x{64}…: the name/);
  });

  it('names the first parameter, decoded', () => {
    expect(firstQueryName('')).toBeNull();
    expect(firstQueryName('&&')).toBeNull();
    expect(firstQueryName('&zz%20Unknown=1&b=2')).toBe('zz Unknown');
    expect(firstQueryName('=1')).toBe('(empty name)');
  });
});
