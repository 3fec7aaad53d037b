import { Logger } from '@nestjs/common';
import Fastify, { FastifyInstance } from 'fastify';
import { serializeWithDocumentSchemas } from './response-schemas';

const document = {
  paths: {
    '/v1/things/{thingId}': {
      get: {
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
    '/v1/either': {
      get: {
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Either' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'title', 'size'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          size: { type: 'integer' },
          owner: { description: 'the owner', allOf: [{ $ref: '#/components/schemas/Owner' }] },
          tags: { type: 'array', items: { type: 'string' } },
          extra: { type: 'object' },
          // A property named after a keyword is a property, not the keyword.
          required: { type: 'boolean' },
        },
      },
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
      Either: { oneOf: [{ $ref: '#/components/schemas/Owner' }, { $ref: '#/components/schemas/Thing' }] },
    },
  },
};

describe('serializeWithDocumentSchemas', () => {
  let app: FastifyInstance;
  let answer: unknown;

  beforeEach(async () => {
    app = Fastify();
    serializeWithDocumentSchemas(app, document);
    app.get('/v1/things/:thingId', async () => answer);
    app.get('/v1/either', async () => answer);
    app.get('/v1/undocumented', async () => answer);
    await app.ready();
  });
  afterEach(() => app.close());

  const get = async (url: string, body: unknown) => {
    answer = body;
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, text: res.body };
  };

  it('writes the declared properties in the document order and leaves out undeclared ones', async () => {
    const res = await get('/v1/things/t1', {
      secret: 's',
      title: 'T',
      id: 't1',
      size: 3,
      owner: { name: 'Ann', password: 'p' },
      required: true,
    });
    expect(res).toEqual({ status: 200, text: '{"id":"t1","title":"T","size":3,"owner":{"name":"Ann"},"required":true}' });
  });

  it('says what JSON.stringify says of nulls, absent required properties and property-less objects', async () => {
    const res = await get('/v1/things/t1', {
      id: 't1',
      title: null,
      tags: null,
      owner: null,
      extra: { any: ['thing', 1], nested: { deep: true } },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({
      id: 't1',
      title: null,
      tags: null,
      owner: null,
      extra: { any: ['thing', 1], nested: { deep: true } },
    });
  });

  it('keeps JSON.stringify for branching answers and for routes the document does not describe', async () => {
    const body = { name: 'Ann', undeclared: 1 };
    expect(await get('/v1/either', body)).toEqual({ status: 200, text: JSON.stringify(body) });
    expect(await get('/v1/undocumented', body)).toEqual({ status: 200, text: JSON.stringify(body) });
  });

  it('in verify mode, answers 500 when the schema would change an answer, and passes faithful ones', async () => {
    const checked = Fastify();
    serializeWithDocumentSchemas(checked, document, { verify: true });
    checked.get('/v1/things/:thingId', async () => answer);
    checked.get('/v1/either', async () => answer);
    await checked.ready();
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const send = async (url: string, body: unknown) => {
        answer = body;
        return (await checked.inject({ method: 'GET', url })).statusCode;
      };
      expect(await send('/v1/things/t1', { id: 't1', title: 'T', size: 3, tags: ['a'], extra: { free: 1 } })).toBe(200);
      expect(await send('/v1/either', { anything: 'goes' })).toBe(200);
      expect(errors).not.toHaveBeenCalled();
      expect(await send('/v1/things/t1', { id: 't1', undeclared: true })).toBe(500);
      expect(await send('/v1/things/t1', { id: 't1', size: 2.5 })).toBe(500);
      expect(errors).toHaveBeenCalledTimes(2);
      expect(errors.mock.calls[0]![0]).toContain('GET /v1/things/:thingId');
    } finally {
      errors.mockRestore();
      await checked.close();
    }
  });

  it('leaves the served document as it was', () => {
    expect(document.components.schemas.Thing.required).toEqual(['id', 'title', 'size']);
    expect(document.paths['/v1/things/{thingId}'].get.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Thing',
    );
  });
});
