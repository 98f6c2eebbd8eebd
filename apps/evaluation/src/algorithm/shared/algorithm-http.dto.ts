import { ApiProperty } from '@nestjs/swagger';
import { IsInt4, ToInteger } from '@teamfit/common';

/** `/:id` of the identity-keyed collections: a positive integer, else 400 naming `id`. */
export class IdParams {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  @ToInteger()
  @IsInt4(1)
  id!: number;
}

/** `/:userId` of user experiences and goals: the persona's integer user id (>= 0, like algorithmUserId). */
export class UserIdParams {
  @ApiProperty({ type: 'integer', minimum: 0, example: 1001 })
  @ToInteger()
  @IsInt4(0)
  userId!: number;
}

export class AlgorithmDeletedDto {
  @ApiProperty({ example: 'Industry deleted' })
  message!: string;
}
