import { sentFields } from './sent-fields';

describe('sentFields', () => {
  it('keeps the named fields that were sent, in the order named, and leaves out the others', () => {
    const body: { title?: string; icon?: string | null; hidden?: boolean } = { icon: null, title: 'Docs', hidden: false };
    const sent = sentFields(body, ['title', 'icon']);
    expect(sent).toEqual({ title: 'Docs', icon: null });
    expect(Object.keys(sent)).toEqual(['title', 'icon']);
  });

  it('leaves out a field sent as undefined, and answers nothing for no input', () => {
    const body: { name?: string; active?: boolean } = { name: undefined, active: false };
    expect(Object.keys(sentFields(body, ['name', 'active']))).toEqual(['active']);
    expect(sentFields(undefined as { name?: string } | undefined, ['name'])).toEqual({});
  });
});
