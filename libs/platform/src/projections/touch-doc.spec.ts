import { ProjectionWriter } from './projection';
import { defineReadModel } from './read-model';
import { touchDoc } from './touch-doc';

interface NoteDoc {
  id: string;
  title: string;
  updatedAt: string;
  [key: string]: unknown;
}

const NOTES = defineReadModel<NoteDoc>({ name: 'notes' });

/** A writer over one map, enough for `update`. */
function writerOver(docs: Map<string, NoteDoc>): ProjectionWriter {
  return {
    update: async (_collection, id, evolve) => {
      const next = evolve((docs.get(id) ?? null) as never);
      if (next) docs.set(id, next as unknown as NoteDoc);
      else docs.delete(id);
      return next;
    },
  } as ProjectionWriter;
}

describe('touchDoc', () => {
  it("applies the change and sets updatedAt to the event's time", async () => {
    const docs = new Map([['n1', { id: 'n1', title: 'Old', updatedAt: '2024-01-01T00:00:00.000Z' }]]);
    const written = await touchDoc(writerOver(docs), NOTES, 'n1', '2024-02-01T00:00:00.000Z', (doc) => ({ title: `${doc.title}er` }));
    expect(written).toEqual({ id: 'n1', title: 'Older', updatedAt: '2024-02-01T00:00:00.000Z' });
    expect(docs.get('n1')).toEqual(written);
  });

  it('without a change only sets updatedAt', async () => {
    const docs = new Map([['n1', { id: 'n1', title: 'Old', updatedAt: '2024-01-01T00:00:00.000Z' }]]);
    await touchDoc(writerOver(docs), NOTES, 'n1', '2024-02-01T00:00:00.000Z');
    expect(docs.get('n1')).toEqual({ id: 'n1', title: 'Old', updatedAt: '2024-02-01T00:00:00.000Z' });
  });

  it('changes nothing when there is no such document', async () => {
    const docs = new Map<string, NoteDoc>();
    expect(await touchDoc(writerOver(docs), NOTES, 'n1', '2024-02-01T00:00:00.000Z', () => ({ title: 'New' }))).toBeNull();
    expect(docs.size).toBe(0);
  });
});
