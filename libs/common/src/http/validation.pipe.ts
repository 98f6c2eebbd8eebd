import { BadRequestException, Body, type Type, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Flattens nested class-validator errors into `path constraint` messages, field named first. */
export function describeValidationErrors(errors: ValidationError[], parentPath = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length > 0) {
      // class-validator names the property in its messages; name the full path instead.
      messages.push(
        ...constraints.map((text) => (text.includes(error.property) ? text.replace(error.property, path) : `${path}: ${text}`)),
      );
    }
    if (error.children && error.children.length > 0) {
      messages.push(...describeValidationErrors(error.children, path));
    }
  }
  return messages;
}

/** What a body's fields the DTO does not declare do: refused (400, the rule), or dropped unread. */
export type UnknownFields = 'refuse' | 'drop';

/**
 * Whitelisting pipe: unknown fields are rejected, so a client cannot set what it may not.
 * `expectedType` validates against a class known only at run time (see ValidatedBody).
 */
export function createValidationPipe(expectedType?: Type, unknownFields: UnknownFields = 'refuse'): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: unknownFields === 'refuse',
    transform: true,
    ...(expectedType ? { expectedType } : {}),
    exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
  });
}

/**
 * The body validated as `dto`, for controllers built by a factory: their parameter's declared type
 * is the same for every instance, so there is no design type for the global pipe to read.
 */
export const ValidatedBody = (dto: Type): ParameterDecorator => Body(createValidationPipe(dto));

/**
 * The body validated as `dto`, its undeclared fields dropped instead of refused: only for a body
 * whose sender's own published contract says it may add fields at any time (the Greenhouse
 * partner API, docs/adr/0089-greenhouse-assessment-partner-api.md). Declare the parameter with a
 * type that is not a class (an interface), so the global pipe, which refuses unknown fields,
 * leaves it to this one; describe the body with `@ApiBody({ type: dto })`.
 */
export const ValidatedLenientBody = (dto: Type): ParameterDecorator => Body(createValidationPipe(dto, 'drop'));
