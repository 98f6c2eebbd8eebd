import { type ArgumentMetadata, BadRequestException, type Type, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsMongoId, IsOptional, IsUUID, Matches } from 'class-validator';
import { ToInteger } from './integer-fields';
import { paramsFastPath } from './string-params.fast-path';
import { createValidationPipe, describeValidationErrors } from './validation.pipe';

class EvaluationIdParam {
  @IsUUID('all', { message: 'id must be an evaluation UUID' })
  id!: string;
}

class PersonaIdParams {
  @IsUUID()
  persona_id!: string;
}

class ObjectIdParams {
  @IsMongoId()
  id!: string;
}

class TwoParams {
  @Matches(/^[a-z]{2,8}$/, { message: 'kind must be a short lowercase word' })
  kind!: string;

  @IsUUID()
  @Matches(/^0/)
  id!: string;
}

class IntegerParams {
  @ToInteger()
  @Matches(/^\d+$/)
  id!: number;
}

class TrimmedParams {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(/^ ?[a-z]+ ?$/)
  name!: string;
}

class OptionalParams {
  @IsOptional()
  @IsUUID()
  id?: string;
}

const UUID = 'e34806f7-e49b-4630-a7c2-1a58b7d06a43';
const OBJECT_ID = '665f1c2b9d3e4a0012345678';
const options = { whitelist: true, forbidNonWhitelisted: true, transform: true, exceptionFactory: (errors: Parameters<typeof describeValidationErrors>[0]) => new BadRequestException(describeValidationErrors(errors).join('; ')) };

/** What a pipe answers: the value it returns, or the message of the 400 it throws. */
async function outcome(pipe: ValidationPipe, value: unknown, metatype: Type): Promise<{ value: unknown } | { refused: unknown }> {
  const metadata: ArgumentMetadata = { type: 'param', metatype, data: undefined };
  try {
    return { value: await pipe.transform(value, metadata) };
  } catch (error) {
    if (error instanceof BadRequestException) return { refused: error.getResponse() };
    throw error;
  }
}

describe('path parameters fast path', () => {
  it('is made for classes of required strings under @IsUUID, @IsMongoId and @Matches', () => {
    for (const metatype of [EvaluationIdParam, PersonaIdParams, ObjectIdParams, TwoParams]) expect(paramsFastPath(metatype)).toEqual(expect.any(Function));
  });

  it('is not made for optional properties or classes without rules', () => {
    expect(paramsFastPath(OptionalParams)).toBeNull();
    expect(paramsFastPath(class NoRules {})).toBeNull();
  });

  it('accepts a valid id as an instance of the class, as the full pipe builds it', () => {
    const accepted = paramsFastPath(EvaluationIdParam)?.({ id: UUID });
    expect(accepted).toBeInstanceOf(EvaluationIdParam);
    expect(accepted).toEqual(Object.assign(new EvaluationIdParam(), { id: UUID }));
    expect(paramsFastPath(TwoParams)?.({ kind: 'team', id: '0e34806f-e49b-4630-a7c2-1a58b7d06a43' })).toBeInstanceOf(TwoParams);
  });

  it('leaves to the full pipe whatever it does not accept', () => {
    const fastPath = paramsFastPath(EvaluationIdParam);
    for (const value of [{ id: 'nope' }, { id: UUID, extra: 'x' }, {}, { other: UUID }, { id: 7 }, [UUID], null, UUID]) expect(fastPath?.(value)).toBeUndefined();
    expect(paramsFastPath(TwoParams)?.({ kind: 'team', id: UUID })).toBeUndefined();
    expect(paramsFastPath(IntegerParams)?.({ id: '12' })).toBeUndefined();
    expect(paramsFastPath(TrimmedParams)?.({ name: ' ada ' })).toBeUndefined();
  });

  it('gives the platform pipe exactly the outcomes of NestJS own pipe, valid or not', async () => {
    const platform = createValidationPipe();
    const nest = new ValidationPipe(options);
    const cases: Array<[Type, unknown]> = [
      [EvaluationIdParam, { id: UUID }],
      [EvaluationIdParam, { id: UUID.toUpperCase() }],
      [EvaluationIdParam, { id: 'nope' }],
      [EvaluationIdParam, { id: `${UUID}\u0000` }],
      [EvaluationIdParam, { id: UUID, extra: 'x' }],
      [EvaluationIdParam, {}],
      [PersonaIdParams, { persona_id: UUID }],
      [PersonaIdParams, { persona_id: '00000000-0000-0000-0000-000000000000' }],
      [ObjectIdParams, { id: OBJECT_ID }],
      [ObjectIdParams, { id: OBJECT_ID.slice(1) }],
      [TwoParams, { kind: 'team', id: `0${UUID.slice(1)}` }],
      [TwoParams, { kind: 'Team', id: `0${UUID.slice(1)}` }],
      [TwoParams, { kind: 'team', id: UUID }],
      [IntegerParams, { id: '12' }],
      [TrimmedParams, { name: ' ada ' }],
    ];
    for (const [metatype, value] of cases) {
      const expected = await outcome(nest, structuredClone(value), metatype);
      const actual = await outcome(platform, structuredClone(value), metatype);
      expect({ metatype: metatype.name, value, outcome: actual }).toEqual({ metatype: metatype.name, value, outcome: expected });
      if ('value' in expected && 'value' in actual) expect(Object.getPrototypeOf(actual.value)).toBe(Object.getPrototypeOf(expected.value));
    }
  });
});
