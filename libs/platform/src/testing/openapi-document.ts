import { Type } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';

/** The OpenAPI document of `controllers` alone, without the platform around them: what their decorators publish. */
export async function openApiDocumentOf(controllers: Type[]): Promise<OpenAPIObject> {
  const module = await Test.createTestingModule({ controllers }).compile();
  const app = module.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  await app.init();
  try {
    return SwaggerModule.createDocument(app, new DocumentBuilder().build());
  } finally {
    await app.close();
  }
}
