import { DECORATORS } from '@nestjs/swagger';
import { ApiErrors } from './api-errors.decorator';
import { ErrorResponseDto } from './error-response.dto';

class ExampleController {
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No account has this id' })
  get(): void {}
}

describe('@ApiErrors', () => {
  it('describes each status with its text and the platform error body', () => {
    const responses = Reflect.getMetadata(DECORATORS.API_RESPONSE, ExampleController.prototype.get) as Record<
      string,
      { description: string; type: unknown }
    >;
    expect(Object.keys(responses)).toEqual(['400', '404']);
    expect(responses['400']).toMatchObject({ description: 'id is not a UUID', type: ErrorResponseDto });
    expect(responses['404']).toMatchObject({ description: 'No account has this id', type: ErrorResponseDto });
  });
});
