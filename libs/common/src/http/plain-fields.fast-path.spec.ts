import { type ArgumentMetadata, BadRequestException, type Type, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsMongoId, IsOptional, IsString, IsUUID, Matches, Max, Min } from 'class-validator';
import { IsInt4, ToInteger } from './integer-fields';
import { fieldsFastPath } from './plain-fields.fast-path';
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

/** A body like the answer's: int4 ids, a bounded integer, an optional one. */
class AnswerBody {
  @IsInt4(1)
  questionId!: number;

  @IsInt()
  @Min(1)
  @Max(5)
  value!: number;

  @IsOptional()
  @IsInt4(0)
  timeTaken?: number;
}

/** A rule the fast path does not know: always the full pipe. */
class NamedBody {
  @IsString()
  name!: string;
}

/** Only optional: nothing to check, so no fast path. */
class OnlyOptionalBody {
  @IsOptional()
  note?: string;

  @IsInt()
  count!: number;
}

/** A body whose value the class changes: accepted values differ from what came, so the full pipe decides. */
class RoundedBody {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? Math.round(value) : value))
  @IsInt()
  count!: number;
}

const UUID = 'e34806f7-e49b-4630-a7c2-1a58b7d06a43';
const OBJECT_ID = '665f1c2b9d3e4a0012345678';
const options = { whitelist: true, forbidNonWhitelisted: true, transform: true, exceptionFactory: (errors: Parameters<typeof describeValidationErrors>[0]) => new BadRequestException(describeValidationErrors(errors).join('; ')) };

/** What a pipe answers: the value it returns, or the message of the 400 it throws. */
async function outcome(pipe: ValidationPipe, value: unknown, metatype: Type, type: ArgumentMetadata['type'] = 'param'): Promise<{ value: unknown } | { refused: unknown }> {
  const metadata: ArgumentMetadata = { type, metatype, data: undefined };
  try {
    return { value: await pipe.transform(value, metadata) };
  } catch (error) {
    if (error instanceof BadRequestException) return { refused: error.getResponse() };
    throw error;
  }
}

describe('path parameters fast path', () => {
  it('is made for classes of required strings under @IsUUID, @IsMongoId and @Matches', () => {
    for (const metatype of [EvaluationIdParam, PersonaIdParams, ObjectIdParams, TwoParams]) expect(fieldsFastPath(metatype)).toEqual(expect.any(Function));
  });

  it('is made for flat bodies of the same rules and @IsInt, @Min, @Max, optional or not; not for other rules or classes without any', () => {
    for (const metatype of [OptionalParams, AnswerBody, RoundedBody]) expect(fieldsFastPath(metatype)).toEqual(expect.any(Function));
    for (const metatype of [NamedBody, OnlyOptionalBody, class NoRules {}]) expect(fieldsFastPath(metatype)).toBeNull();
  });

  it('accepts a valid body, optional fields left out or null, and nothing else', () => {
    const fastPath = fieldsFastPath(AnswerBody);
    expect(fastPath?.({ questionId: 3, value: 5, timeTaken: 0 })).toEqual(Object.assign(new AnswerBody(), { questionId: 3, value: 5, timeTaken: 0 }));
    expect(fastPath?.({ questionId: 3, value: 1 })).toBeInstanceOf(AnswerBody);
    expect(fastPath?.({ questionId: 3, value: 1, timeTaken: null })).toBeInstanceOf(AnswerBody);
    for (const value of [{ questionId: 3 }, { questionId: 3, value: 6 }, { questionId: 0, value: 1 }, { questionId: 3, value: 2.5 }, { questionId: '3', value: 1 }, { questionId: 3, value: 1, extra: 1 }, { questionId: 2 ** 31, value: 1 }, { questionId: 3, value: null }]) {
      expect(fastPath?.(value)).toBeUndefined();
    }
    expect(fieldsFastPath(RoundedBody)?.({ count: 2.4 })).toBeUndefined();
  });

  it('accepts a valid id as an instance of the class, as the full pipe builds it', () => {
    const accepted = fieldsFastPath(EvaluationIdParam)?.({ id: UUID });
    expect(accepted).toBeInstanceOf(EvaluationIdParam);
    expect(accepted).toEqual(Object.assign(new EvaluationIdParam(), { id: UUID }));
    expect(fieldsFastPath(TwoParams)?.({ kind: 'team', id: '0e34806f-e49b-4630-a7c2-1a58b7d06a43' })).toBeInstanceOf(TwoParams);
  });

  it('leaves to the full pipe whatever it does not accept', () => {
    const fastPath = fieldsFastPath(EvaluationIdParam);
    for (const value of [{ id: 'nope' }, { id: UUID, extra: 'x' }, {}, { other: UUID }, { id: 7 }, [UUID], null, UUID]) expect(fastPath?.(value)).toBeUndefined();
    expect(fieldsFastPath(TwoParams)?.({ kind: 'team', id: UUID })).toBeUndefined();
    expect(fieldsFastPath(IntegerParams)?.({ id: '12' })).toBeUndefined();
    expect(fieldsFastPath(TrimmedParams)?.({ name: ' ada ' })).toBeUndefined();
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

  it('gives the platform pipe exactly the outcomes of NestJS own pipe for bodies, valid or not', async () => {
    const platform = createValidationPipe();
    const nest = new ValidationPipe(options);
    const cases: Array<[Type, unknown]> = [
      [AnswerBody, { questionId: 3, value: 5, timeTaken: 12 }],
      [AnswerBody, { questionId: 3, value: 1 }],
      [AnswerBody, { questionId: 3, value: 1, timeTaken: null }],
      [AnswerBody, { questionId: 3, value: 0 }],
      [AnswerBody, { questionId: 3, value: 6 }],
      [AnswerBody, { questionId: 3, value: 2.5 }],
      [AnswerBody, { questionId: 3, value: '2' }],
      [AnswerBody, { questionId: 2 ** 31, value: 2 }],
      [AnswerBody, { questionId: 3, value: 2, timeTaken: -1 }],
      [AnswerBody, { questionId: 3, value: 2, extra: true }],
      [AnswerBody, JSON.parse('{"questionId": 3, "value": 2, "__proto__": {"admin": true}}')],
      [AnswerBody, { value: 2 }],
      [AnswerBody, {}],
      [AnswerBody, []],
      [AnswerBody, null],
      [NamedBody, { name: 'Ada' }],
      [OptionalParams, {}],
      [OptionalParams, { id: UUID }],
      [RoundedBody, { count: 2.4 }],
      [RoundedBody, { count: 2 }],
    ];
    for (const [metatype, value] of cases) {
      const expected = await outcome(nest, structuredClone(value), metatype, 'body');
      const actual = await outcome(platform, structuredClone(value), metatype, 'body');
      expect({ metatype: metatype.name, value, outcome: actual }).toEqual({ metatype: metatype.name, value, outcome: expected });
      if ('value' in expected && 'value' in actual) expect(Object.getPrototypeOf(actual.value)).toBe(Object.getPrototypeOf(expected.value));
    }
  });
});
