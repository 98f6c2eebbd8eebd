import { BadRequestException, type Type, ValidationPipe } from '@nestjs/common';
import { describeValidationErrors } from '@teamfit/common';

/**
 * The platform's validation (whitelisting, field-naming messages) for a body whose class is known
 * only at run time: controllers built by a factory have no design type for the global pipe to read.
 */
export function validatedAs(type: Type): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    expectedType: type,
    exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
  });
}
