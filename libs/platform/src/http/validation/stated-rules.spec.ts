import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiOperation, ApiProperty, ApiPropertyOptional, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { SchemaKeywords } from './schema-keywords';
import { stateValidationRules } from './stated-rules';
import { IsOptionalNotNull } from './validators';

// Validated, not documented: the rules document it.
class Pointer {
  @Equals('page') type!: 'page';
  @IsString() @Length(1, 64) id!: string;
}

@SchemaKeywords({ keywords: { minProperties: 1 }, refused: ['legacy'] })
class Move {
  @ApiPropertyOptional({ type: () => Pointer })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => Pointer)
  before?: Pointer;

  // Documented as a number (its TypeScript type), validated as an integer.
  @ApiPropertyOptional({ description: 'Index' }) @IsOptionalNotNull() @IsInt() @Min(0) @Max(100) at?: number;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsString() legacy?: string;
}

class Edit {
  @ApiProperty() @IsString() @IsNotEmpty() title!: string;
  // Documented as an object (a union's TypeScript type), validated as a URL string; null clears it.
  @ApiPropertyOptional({ type: Object }) @IsOptional() @IsString() @IsUrl({ require_protocol: true, protocols: ['https'] }) logo?:
    | string
    | null;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsIn(['live', 'locked']) mode?: string;
  @ApiPropertyOptional({ type: [String] }) @IsOptionalNotNull() @ArrayMaxSize(3) @Matches(/^[a-z]+$/, { each: true }) tags?: string[];
  // Null skips its rules.
  @ApiPropertyOptional() @ValidateIf((_body, value) => value !== null) @IsString() note?: string | null;
  @ApiPropertyOptional() @IsDefined() @IsIn([]) nothing?: unknown;
}

const SHAPES = { add: { required: ['value'], optional: ['at'] }, remove: { required: [], optional: ['at'], notNull: ['at'] } } as const;

@SchemaKeywords({ variants: { discriminator: 'op', shapes: SHAPES } })
class Change {
  @ApiProperty() @IsIn(['add', 'remove']) op!: string;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsString() value?: string;
  @ApiPropertyOptional({ type: Number }) @IsOptional() @IsInt() at?: number | null;
}

class ListQuery {
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(10) limit?: number;
}

@Controller('things')
class ThingsController {
  @Get() @ApiOperation({ operationId: 'listThings' }) list(@Query() _query: ListQuery) {}
  @Post('move') move(@Body() _body: Move) {}
  @Post('edit') edit(@Body() _body: Edit) {}
  @Post('change') change(@Body() _body: Change) {}
}

async function statedDocument(): Promise<OpenAPIObject> {
  const module = await Test.createTestingModule({ controllers: [ThingsController] }).compile();
  const app = module.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  await app.init();
  try {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    stateValidationRules(app, document);
    return document;
  } finally {
    await app.close();
  }
}

describe('stateValidationRules: the served document states what validation enforces', () => {
  let document: OpenAPIObject;
  let schemas: Record<string, any>;
  beforeAll(async () => {
    document = await statedDocument();
    schemas = document.components!.schemas!;
  });

  it("states a query's rules in its parameters (a query string has no null)", () => {
    expect(document.paths['/things']!.get!.parameters).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 10 } },
    ]);
  });

  it('refuses unknown properties in every body and nested object, and states lengths, bounds, integers, patterns and formats', () => {
    expect(schemas.Edit.additionalProperties).toBe(false);
    expect(schemas.Pointer.additionalProperties).toBe(false);
    expect(schemas.Pointer.properties.id).toMatchObject({ type: 'string', minLength: 1, maxLength: 64 });
    expect(schemas.Pointer.properties.type).toMatchObject({ type: 'string', enum: ['page'] });
    expect(schemas.Edit.properties.title).toMatchObject({ type: 'string', minLength: 1 });
    expect(schemas.Move.properties.at).toMatchObject({ type: 'integer', minimum: 0, maximum: 100, description: 'Index' });
    expect(schemas.Edit.properties.logo).toMatchObject({ type: 'string', format: 'uri', pattern: '^(?:https):\\/\\/' });
    expect(schemas.Edit.properties.mode).toMatchObject({ type: 'string', enum: ['live', 'locked'] });
    expect(schemas.Edit.properties.tags).toMatchObject({ maxItems: 3, items: { type: 'string', pattern: '^[a-z]+$' } });
  });

  it('says nullable exactly where null gets past the rules, and required where absence does not', () => {
    expect(schemas.Edit.properties.logo.nullable).toBe(true);
    expect(schemas.Edit.properties.note.nullable).toBe(true);
    expect(schemas.Edit.properties.mode.nullable).toBeUndefined();
    expect(schemas.Move.properties.at.nullable).toBeUndefined();
    expect(schemas.Edit.required.sort()).toEqual(['nothing', 'title']);
    expect(schemas.Pointer.required.sort()).toEqual(['id', 'type']);
    expect(schemas.Move.required).toBeUndefined();
    // IsIn([]) takes no value at all, not even null: no schema but `not: {}`.
    expect(schemas.Edit.properties.nothing).toEqual({ not: {} });
  });

  it("adds a class's own keywords, leaves out what it refuses, and splits it into the shapes it declares", () => {
    expect(schemas.Move).toMatchObject({ minProperties: 1 });
    expect(Object.keys(schemas.Move.properties).sort()).toEqual(['at', 'before']);
    expect(schemas.Change.properties).toBeUndefined();
    expect(schemas.Change.oneOf).toEqual([
      {
        type: 'object',
        properties: { op: { type: 'string', enum: ['add'] }, value: { type: 'string' }, at: { type: 'integer', nullable: true } },
        required: ['op', 'value'],
        additionalProperties: false,
      },
      {
        type: 'object',
        properties: { op: { type: 'string', enum: ['remove'] }, at: { type: 'integer', nullable: false } },
        required: ['op'],
        additionalProperties: false,
      },
    ]);
  });
});
