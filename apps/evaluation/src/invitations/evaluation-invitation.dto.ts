import { ApiProperty } from '@nestjs/swagger';

/** POST /evaluation/:id/invitation: the invitation as it was sent and recorded. */
export class EvaluationInvitationDto {
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ format: 'uuid', description: 'The persona invited: the evaluation’s' }) personaId!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When it was recorded; the evaluation’s `invitedAt` from now on',
  })
  invitedAt!: string;
  @ApiProperty({
    format: 'uri',
    description:
      'The link the e-mail carries: `HUB_APP_ORIGIN` + `/evaluations/{id}`, with the sign-in address in the fragment (`#email=…`, URL-encoded) for the hub to fill in. No credential: the candidate signs in with the persona e-mail code.',
    example: 'http://localhost:3001/evaluations/6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f#email=ada%40example.test',
  })
  link!: string;
}
