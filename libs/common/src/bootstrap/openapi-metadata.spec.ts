import { ApiProperty, DECORATORS } from '@nestjs/swagger';
import { applyOpenApiMetadata } from './openapi-metadata';

const FACTORY = '_OPENAPI_METADATA_FACTORY';

class ParentDto {
  @ApiProperty({ example: 1 })
  total!: number;
}

class ChildDto extends ParentDto {
  id!: string;

  @ApiProperty({ example: 'Ada', description: 'As written' })
  name!: string;

  note?: string;
}

// What the plugin writes for these classes (see tools/openapi/plugin-metadata.mjs).
const metadata = () =>
  Promise.resolve({
    '@nestjs/swagger': {
      models: [
        [
          Promise.resolve({ ChildDto }),
          {
            ChildDto: {
              id: { required: true, type: () => String },
              name: { required: true, type: () => String, maxLength: 5 },
              note: { required: false, type: () => String },
            },
          },
        ],
      ],
    },
  });

describe('applyOpenApiMetadata', () => {
  beforeAll(() => applyOpenApiMetadata(metadata));

  it('derives only the properties without a decorator: a decorated one is described as written', () => {
    const derived = (ChildDto as unknown as Record<string, () => Record<string, unknown>>)[FACTORY]!();
    expect(Object.keys(derived)).toEqual(['id', 'note']);
  });

  it('lists the properties in their source order, the parent’s first', () => {
    expect(Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, ChildDto.prototype)).toEqual([':total', ':id', ':name', ':note']);
  });
});
