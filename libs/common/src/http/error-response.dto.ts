import { ApiProperty } from '@nestjs/swagger';

/** The platform error body (docs/contract.md, "Errors"), as OpenAPI describes it on every error response. */
export class ErrorResponseDto {
  @ApiProperty({ example: 404 })
  statusCode!: number;

  @ApiProperty({ example: 'Not Found' })
  error!: string;

  @ApiProperty({ example: 'Account not found' })
  message!: string;
}
