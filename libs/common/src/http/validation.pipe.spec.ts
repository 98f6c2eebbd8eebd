import { BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsEmail, IsString, ValidateNested } from 'class-validator';
import { createValidationPipe } from './validation.pipe';

class UserDto {
  @IsString()
  firstName!: string;
}

class PersonDto {
  @IsEmail()
  emailAddress!: string;

  @ValidateNested()
  @Type(() => UserDto)
  user!: UserDto;
}

const messageFor = async (value: unknown): Promise<string> => {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype: PersonDto });
  } catch (error) {
    if (error instanceof BadRequestException) return String((error.getResponse() as { message: string }).message);
    throw error;
  }
  throw new Error('expected validation to fail');
};

describe('validation pipe', () => {
  it('names the failing field, with its path for nested objects', async () => {
    expect(await messageFor({ emailAddress: 'nope', user: { firstName: 'Ada' } })).toBe('emailAddress must be an email');
    expect(await messageFor({ emailAddress: 'ada@example.test', user: { firstName: 3 } })).toBe('user.firstName must be a string');
  });

  it('rejects fields the endpoint does not accept', async () => {
    expect(await messageFor({ emailAddress: 'ada@example.test', user: { firstName: 'Ada' }, status: 'ACTIVE' })).toBe(
      'property status should not exist',
    );
  });

  it('validates against the class it is given when the parameter declares none (factory-built controllers)', async () => {
    const pipe = createValidationPipe(PersonDto);
    await expect(pipe.transform({ emailAddress: 'nope', user: { firstName: 'Ada' } }, { type: 'body', metatype: Object })).rejects.toThrow(
      'emailAddress must be an email',
    );
    await expect(
      pipe.transform({ emailAddress: 'ada@example.test', user: { firstName: 'Ada' } }, { type: 'body', metatype: Object }),
    ).resolves.toBeInstanceOf(PersonDto);
  });
});
