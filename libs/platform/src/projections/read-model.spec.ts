import { defineReadModel } from './read-model';

describe('defineReadModel', () => {
  it('declares each list as an index and counts its scope, before the other indexes and counts', () => {
    const spec = defineReadModel({
      name: 'things',
      lists: [
        ['organizationId', 'status', 'createdAt'],
        ['organizationId', 'status', 'rank'],
        ['organizationId', 'createdAt'],
      ],
      indexes: [['hostname']],
      counts: [['hostname']],
      search: ['title'],
    });
    expect(spec).toEqual({
      name: 'things',
      indexes: [
        ['organizationId', 'status', 'createdAt'],
        ['organizationId', 'status', 'rank'],
        ['organizationId', 'createdAt'],
        ['hostname'],
      ],
      counts: [['organizationId', 'status'], ['organizationId'], ['hostname']],
      search: ['title'],
    });
  });

  it('keeps a spec without lists as it is', () => {
    expect(defineReadModel({ name: 'plain', indexes: ['email'] })).toEqual({ name: 'plain', indexes: ['email'] });
  });
});
