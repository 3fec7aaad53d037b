import { Projection } from '../projections/projection';
import { projectionSpecPerTest } from './projection-spec';

/** A projection that counts `Noted` events per stream. */
const notes: Projection = {
  name: 'notes',
  version: 1,
  collections: [{ name: 'notes', fields: ['count'] }],
  handles: ['Noted'],
  async apply(event, writer) {
    await writer.update<{ id: string; count: number }>('notes', event.streamId, (doc) => ({
      id: event.streamId,
      count: (doc?.count ?? 0) + 1,
    }));
  },
};

/** The tests of a describe share the stores, and each sees only its own events (run in order). */
describe('projectionSpecPerTest', () => {
  const spec = projectionSpecPerTest(notes);

  it('applies the events given in a test', async () => {
    await spec.given([
      { type: 'Noted', data: {}, stream: 'a' },
      { type: 'Noted', data: {}, stream: 'a' },
      { type: 'Noted', data: {}, stream: 'b' },
    ]);
    expect(await spec.readModels.get('notes', 'a')).toEqual({ id: 'a', count: 2 });
  });

  it('starts the next test as if on an empty log: no document and no event of the test before', async () => {
    expect(await spec.readModels.get('notes', 'a')).toBeNull();
    expect((await spec.readModels.find('notes', { limit: 10 })).items).toEqual([]);
    await spec.given([{ type: 'Noted', data: {}, stream: 'a' }]);
    expect(await spec.readModels.get('notes', 'a')).toEqual({ id: 'a', count: 1 });
  });
});
