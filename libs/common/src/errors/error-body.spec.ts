import { BadRequestException, NotFoundException } from '@nestjs/common';
import { DomainError, notFound } from './domain-error';
import { INTERNAL_ERROR_MESSAGE, toErrorBody } from './error-body';

describe('toErrorBody', () => {
  it('maps domain error codes to statuses with the platform body', () => {
    expect(toErrorBody(notFound('Persona'))).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
    expect(toErrorBody(new DomainError('conflict', 'Team name already used'))).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Team name already used',
    });
    expect(toErrorBody(new DomainError('upstream_failed', 'mail down')).statusCode).toBe(502);
  });

  it('keeps the message of Nest HTTP exceptions, joining lists', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /x'))).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /x' });
    expect(toErrorBody(new BadRequestException(['a must be a string', 'b is required'])).message).toBe('a must be a string; b is required');
  });

  it('turns body-parser failures into 400 and 413', () => {
    expect(toErrorBody(Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 }))).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
    });
    expect(toErrorBody({ type: 'entity.too.large', status: 413 }).statusCode).toBe(413);
  });

  it('turns a unique violation, even wrapped by the ORM, into 409', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505' });
    const wrapped = new Error('Failed query: insert into ...', { cause: driverError });
    expect(toErrorBody(wrapped)).toEqual({ statusCode: 409, error: 'Conflict', message: expect.not.stringContaining('insert') });
  });

  it('turns an integer overflow in the database into 400, never 500', () => {
    const driverError = Object.assign(new Error('value "9007199254740992" is out of range for type integer'), { code: '22003' });
    const wrapped = new Error('Failed query: select ...', { cause: driverError });
    expect(toErrorBody(wrapped)).toEqual({ statusCode: 400, error: 'Bad Request', message: 'A number is out of range' });
  });

  it('turns a NUL character the database cannot store into 400, never 500', () => {
    const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    expect(toErrorBody(new Error('Failed query', { cause: driverError }))).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'A value contains a character that cannot be stored',
    });
  });

  it('hides everything about unexpected errors', () => {
    const body = toErrorBody(new TypeError("Cannot read properties of undefined (reading 'secret')"));
    expect(body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: INTERNAL_ERROR_MESSAGE });
    expect(toErrorBody('a string was thrown').statusCode).toBe(500);
    expect(toErrorBody(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' })).message).toBe(INTERNAL_ERROR_MESSAGE);
  });
});
