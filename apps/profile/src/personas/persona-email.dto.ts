import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export class ConfirmEmailChangeDto {
  @ApiProperty({ description: 'The six-digit code e-mailed to the new address', example: '042917' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be six digits' })
  otp!: string;
}
