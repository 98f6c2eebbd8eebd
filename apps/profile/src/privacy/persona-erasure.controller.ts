import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors, UnloggedParams } from '@teamfit/common';
import { UuidParams } from '../shared/validation';
import { PersonaErasureDto } from './persona-erasure.dto';
import { PersonaErasureService } from './persona-erasure.service';

/** POST /persona/:id/erase (gateway: /profile/persona/:id/erase). */
@ApiTags('persona')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Authorization header', 403: 'Invalid or expired token, or not an administrator account' })
@Controller('persona')
export class PersonaErasureController {
  constructor(private readonly erasures: PersonaErasureService) {}

  @Post(':id/erase')
  @AdminOnly()
  @HttpCode(200)
  // The call must not put the id back into the API-call log it is scrubbed from.
  @UnloggedParams('id')
  @ApiOperation({
    summary: 'Erase a persona and everything derived from it, in every service (administrators)',
    description:
      'Removes the persona, its sign-in state, evaluations with their answers and score profiles, team and algorithm-team ' +
      'memberships (the teams stay), and experience and goal records; service requests it raised stay with an anonymous ' +
      'requester and its name and e-mail removed, and API-call log entries naming it are scrubbed. Each service does its ' +
      'part in one transaction, driven by an erasure record, so a service that is down does its part once it runs again. ' +
      'The answer counts the rows each service removed or made anonymous. Calling again answers the same summary.',
  })
  @ApiOkResponse({ description: 'Every service has done its part', type: PersonaErasureDto })
  @ApiAcceptedResponse({
    description:
      'The persona is erased from the profile service; a service has not done its part yet (null). Call again for the complete summary',
    type: PersonaErasureDto,
  })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No persona has this id, and none with it was erased' })
  async erase(
    @Param() { id }: UuidParams,
    @Principal() caller: VerifiedToken,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<PersonaErasureDto> {
    const { summary, complete } = await this.erasures.erase(id, caller);
    response.code(complete ? 200 : 202);
    return summary;
  }
}
