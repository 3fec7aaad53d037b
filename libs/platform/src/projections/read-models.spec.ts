import { DomainEvent } from '@docs/kernel';
import { Doc, OLDEST_FIRST } from '../read-store/query';
import { occurred, projectionSpecPerTest } from '../testing/projection-spec';
import { defineProjection } from './define-projection';
import { defineReadModel } from './read-model';

interface NoteDoc extends Doc {
  organizationId: string;
  createdAt: string;
}

const NOTES = defineReadModel<NoteDoc>({ name: 'notes', indexes: [['organizationId', 'createdAt']], counts: [['organizationId']] });

type Noted = DomainEvent<'Noted', { noteId: string; organizationId: string }>;

const notesProjection = defineProjection<Noted>({
  name: 'notes',
  version: 1,
  collections: [NOTES],
  on: {
    Noted({ data: { noteId, organizationId }, metadata: { occurredAt } }, w) {
      w.put(NOTES, { id: noteId, organizationId, createdAt: occurredAt });
    },
  },
});

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';
const T3 = '2024-01-03T00:00:00.000Z';
const noted = (noteId: string, organizationId: string): Noted => ({ type: 'Noted', data: { noteId, organizationId } });

describe('ReadModels', () => {
  const spec = projectionSpecPerTest(notesProjection);

  it('getIn: the document only when the field holds the value', async () => {
    await spec.given(occurred(T1, noted('n1', 'o1')));
    expect(await spec.readModels.getIn(NOTES, 'n1', 'organizationId', 'o1')).toEqual({ id: 'n1', organizationId: 'o1', createdAt: T1 });
    expect(await spec.readModels.getIn(NOTES, 'n1', 'organizationId', 'o2')).toBeNull();
    expect(await spec.readModels.getIn(NOTES, 'missing', 'organizationId', 'o1')).toBeNull();
  });

  it('findIn: the documents whose field holds the value, in the sort order, a page at a time', async () => {
    await spec.given([
      ...occurred(T2, noted('n2', 'o1')),
      ...occurred(T1, noted('n1', 'o1'), noted('x1', 'o2')),
      ...occurred(T3, noted('n3', 'o1')),
    ]);
    const first = await spec.readModels.findIn(NOTES, 'organizationId', 'o1', OLDEST_FIRST, { limit: 2 });
    expect(first.items.map((n) => n.id)).toEqual(['n1', 'n2']);
    expect(first.count).toBe(3);
    const second = await spec.readModels.findIn(NOTES, 'organizationId', 'o1', OLDEST_FIRST, { after: first.next, limit: 2 });
    expect(second.items.map((n) => n.id)).toEqual(['n3']);
    expect(second.next).toBeUndefined();
    const newest = await spec.readModels.findIn(NOTES, 'organizationId', 'o1', { field: 'createdAt', direction: 'desc' }, { limit: 1 });
    expect(newest.items.map((n) => n.id)).toEqual(['n3']);
  });
});
