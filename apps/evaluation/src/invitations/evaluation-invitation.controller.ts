import { Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { EvaluationIdParam } from '../evaluations/evaluation.dto';
import { EvaluationInvitationDto } from './evaluation-invitation.dto';
import { EvaluationInvitationService } from './evaluation-invitation.service';

@ApiTags('evaluation')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Bearer token', 403: 'Invalid or expired token, an account without administrator rights, or a persona token' })
@Controller('evaluation')
export class EvaluationInvitationController {
  constructor(private readonly invitations: EvaluationInvitationService) {}

  @AdminOnly()
  @Post(':id/invitation')
  @ApiOperation({
    summary: "Invite the evaluation's persona: an e-mail with a link to the hub; every invitation is recorded",
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). No body (one sent is ignored). E-mails the persona, at the address it signs in with (its own e-mail, else its user's), a link to the evaluation in the hub: `HUB_APP_ORIGIN` + `/evaluations/{id}`, the address in the fragment (`#email=…`) for the hub to fill in. The link carries no credential: the candidate signs in with the persona e-mail code (`POST /profile/persona/login`). Inviting again is allowed: each invitation is recorded, and the evaluation's `invitedAt` is the last one's time. Nothing is recorded unless the mail server accepted the e-mail (502 when it refused it, 503 when it could not be reached). 404 for an unknown evaluation; 409 when it is complete, or when its persona could not sign in: it is blocked, has no e-mail address, its address signs in another persona of its user, or it no longer exists.",
  })
  @ApiCreatedResponse({ description: 'Sent and recorded: the link as e-mailed and when', type: EvaluationInvitationDto })
  @ApiErrors({
    400: 'Invalid id',
    404: 'Evaluation not found',
    409: 'The evaluation is complete, or its persona could not sign in (blocked, no e-mail address, an address that signs in another persona, gone)',
    503: 'The mail server could not be reached; nothing was recorded (a 502 when it refused the e-mail)',
  })
  invite(@Param() params: EvaluationIdParam, @Principal() principal: VerifiedToken): Promise<EvaluationInvitationDto> {
    return this.invitations.invite(params.id, principal);
  }
}
