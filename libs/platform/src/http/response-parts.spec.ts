import { Controller, Get } from '@nestjs/common';
import { ApiProperty, OpenAPIObject } from '@nestjs/swagger';
import { openApiDocumentOf } from '../testing/openapi-document';
import { Answers } from './answers';
import { ApiObject } from './api-object.response';
import { Count, DateTime, NullableDateTime, OptionalDateTime } from './fields.response';
import { LocationUrls } from './location-urls.response';
import { Permissions } from './permissions.response';

class GadgetPermissions extends Permissions({ view: 'Can the caller view it', edit: 'Can the caller change it' }) {}

class GadgetResponse extends ApiObject('gadget', { description: 'Unique identifier for the gadget' }) {
  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ type: () => GadgetPermissions })
  permissions!: GadgetPermissions;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}

class GadgetHistoryResponse {
  @DateTime()
  madeAt!: string;

  @OptionalDateTime('When it was sold; only once sold')
  soldAt?: string;

  @NullableDateTime('When it broke; null while it works')
  brokenAt!: string | null;

  @Count('repairs')
  repairs!: number;
}

@Controller('gadgets')
class GadgetsController {
  @Answers(GadgetResponse)
  @Get()
  get() {}

  @Answers(GadgetHistoryResponse)
  @Get('history')
  history() {}
}

/** The shared parts of response classes, as the OpenAPI document publishes them. */
describe('ApiObject, Permissions, LocationUrls, DateTime and Count', () => {
  let document: OpenAPIObject;
  beforeAll(async () => (document = await openApiDocumentOf([GadgetsController])));

  const schema = (name: string) => document.components!.schemas![name] as Record<string, any>;

  it('ApiObject: `object` (the kind) and `id` first, under the subclass name', () => {
    expect(Object.keys(schema('GadgetResponse').properties)).toEqual(['object', 'id', 'title', 'permissions', 'urls']);
    expect(schema('GadgetResponse').properties.object).toEqual({ type: 'string', enum: ['gadget'] });
    expect(schema('GadgetResponse').properties.id).toEqual({ type: 'string', description: 'Unique identifier for the gadget' });
    expect(schema('GadgetResponse').required).toEqual(['object', 'id', 'title', 'permissions', 'urls']);
  });

  it('Permissions: a required boolean per flag, with what it allows', () => {
    expect(schema('GadgetPermissions')).toEqual({
      type: 'object',
      properties: {
        view: { type: 'boolean', description: 'Can the caller view it' },
        edit: { type: 'boolean', description: 'Can the caller change it' },
      },
      required: ['view', 'edit'],
    });
  });

  it('LocationUrls: the API URL of the object', () => {
    expect(schema('LocationUrls')).toEqual({
      type: 'object',
      properties: { location: { type: 'string', format: 'uri', description: 'API URL of this object' } },
      required: ['location'],
    });
  });

  it('DateTime: an ISO 8601 date-time string (required, optional or nullable), with what it marks; Count: a number', () => {
    expect(schema('GadgetHistoryResponse')).toEqual({
      type: 'object',
      properties: {
        madeAt: { type: 'string', format: 'date-time' },
        soldAt: { type: 'string', format: 'date-time', description: 'When it was sold; only once sold' },
        brokenAt: { type: 'string', format: 'date-time', nullable: true, description: 'When it broke; null while it works' },
        repairs: { type: 'number', description: 'Count of repairs' },
      },
      required: ['madeAt', 'brokenAt', 'repairs'],
    });
  });
});
