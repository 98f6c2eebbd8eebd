import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal, type VerifiedToken } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { ApiErrors } from '@teamfit/common';
import { UuidParams } from '../shared/validation';
import { PersonaExportDto } from './persona-export.dto';
import { PersonaExportService } from './persona-export.service';

/** /persona/:id/export (gateway: /profile/persona/:id/export). */
@ApiTags('persona')
@ApiBearerAuth()
@Controller('persona')
export class PersonaExportController {
  constructor(private readonly exports: PersonaExportService) {}

  @Get(':id/export')
  @ApiOperation({
    summary: 'Everything the platform holds about a persona, as one JSON document (administrators, or the persona itself)',
    description:
      'Gathered from every service that holds some, as of one moment: the persona, its sign-in records, profile and algorithm ' +
      'teams, experience and goals, evaluations with their questions, answers and results, the service requests it filed with ' +
      'their public comments, and from the API-call log the calls it made with its own token and the calls accounts made ' +
      "naming its id or e-mail address (those without their caller's address, headers or identity, nor anyone else's ids). " +
      'Streamed as it is read (chunked, no Content-Length).',
  })
  @ApiOkResponse({ type: PersonaExportDto, description: 'The document (formatVersion 1)' })
  @ApiErrors({
    400: 'id is not a UUID',
    401: 'No Authorization header',
    403: 'Invalid or expired token, an account that is not an administrator, or another persona',
    404: 'No persona has this id',
  })
  async export(@Param() { id }: UuidParams, @Principal() caller: VerifiedToken, @Res() reply: FastifyReply): Promise<void> {
    const document = await this.exports.open(id, caller);
    // However the answer ends (a client gone, a HEAD request), the document stops and gives its snapshot back.
    reply.raw.once('close', () => document.destroy());
    void reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="persona-${id}.json"`)
      .send(document);
  }
}
