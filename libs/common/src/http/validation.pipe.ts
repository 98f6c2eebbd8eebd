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

/**
 * Whitelisting pipe: unknown fields are rejected, so a client cannot set what it may not.
 * `expectedType` validates against a class known only at run time (see ValidatedBody).
 */
export function createValidationPipe(expectedType?: Type): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
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
