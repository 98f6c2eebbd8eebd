import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PartnerKeyHolder } from '@teamfit/accounts';
import { PartnerCaller, PartnerKeyAuth } from '@teamfit/auth';
import { ApiErrors, ValidatedLenientBody } from '@teamfit/common';
import {
  GreenhouseResponseErrorAnswerDto,
  GreenhouseResponseErrorDto,
  GreenhouseSendTestAnswerDto,
  GreenhouseSendTestDto,
  GreenhouseTestDto,
  GreenhouseTestStatusDto,
  GreenhouseTestStatusQuery,
} from './greenhouse.dto';
import { GreenhouseService } from './greenhouse.service';

/** The body types as the handlers see them: not classes, so the global pipe leaves them to ValidatedLenientBody. */
type SendTestBody = Pick<GreenhouseSendTestDto, keyof GreenhouseSendTestDto>;
type ResponseErrorBody = Pick<GreenhouseResponseErrorDto, keyof GreenhouseResponseErrorDto>;

/**
 * /partners/greenhouse (gateway: /evaluation/partners/greenhouse): the Greenhouse assessment
 * partner API, called by Greenhouse with an organisation's partner API key as the HTTP Basic user
 * name (docs/adr/0089-greenhouse-assessment-partner-api.md, docs/integrations.md "Greenhouse").
 */
@ApiTags('greenhouse')
@PartnerKeyAuth()
@ApiErrors({
  401: 'No HTTP Basic credentials, or a partner API key that is malformed, unknown or revoked (a Bearer token of any kind included); the answer carries `WWW-Authenticate: Basic`',
})
@Controller('partners/greenhouse')
export class GreenhouseController {
  constructor(private readonly greenhouse: GreenhouseService) {}

  @Get('list_tests')
  @ApiOperation({
    summary: "Greenhouse: the organisation's tests (its algorithm teams)",
    description:
      "HTTP Basic, the organisation's partner API key as the user name. Every algorithm team of the key's organisation, by id, as `{partner_test_id, partner_test_name}` (the team's id as a string, its name). Teams of no organisation or of another one are not listed.",
  })
  @ApiOkResponse({ type: GreenhouseTestDto, isArray: true })
  listTests(@PartnerCaller() partner: PartnerKeyHolder): Promise<GreenhouseTestDto[]> {
    return this.greenhouse.listTests(partner);
  }

  @Post('send_test')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Greenhouse: send a test to a candidate (persona, evaluation and hub invitation); answers the partner_interview_id',
    description:
      "HTTP Basic, the organisation's partner API key as the user name. Finds the persona that signs in with `candidate.email` (its own address, else its user's, ignoring case) or makes one (a CANDIDATE persona with that address and the candidate's names), opens its evaluation against the team `partner_test_id` (resuming an active one), and e-mails it the hub invitation (as POST /evaluation/evaluation/{id}/invitation does): all in one transaction, nothing kept when the mail server refuses the e-mail (502) or cannot be reached (503). Greenhouse's `url` names the test instance: a send_test with a URL the organisation sent before answers the first one's `partner_interview_id` again and sends nothing (409 when it names another test). When the evaluation completes, the platform sends a body-less PATCH to `url` through the outbox (retried on the webhooks' schedule, eight attempts over about 27 hours, until Greenhouse answers 2xx). Fields Greenhouse adds later are ignored. 404 for a test that is not one of the organisation's teams; 409 for a blocked persona or an empty questionnaire.",
  })
  @ApiBody({ type: GreenhouseSendTestDto })
  @ApiOkResponse({ type: GreenhouseSendTestAnswerDto })
  @ApiErrors({
    400: 'A field is missing or invalid (candidate.email, url, partner_test_id)',
    404: "partner_test_id is not one of the organisation's tests",
    409: 'The url was sent another test before, the persona is blocked, or the questionnaire has no questions',
    503: 'The mail server could not be reached; nothing was kept (a 502 when it refused the e-mail)',
  })
  sendTest(
    @PartnerCaller() partner: PartnerKeyHolder,
    @ValidatedLenientBody(GreenhouseSendTestDto) body: SendTestBody,
  ): Promise<GreenhouseSendTestAnswerDto> {
    return this.greenhouse.sendTest(partner, body);
  }

  @Get('test_status')
  @ApiOperation({
    summary: 'Greenhouse: the status of a test sent, with the score once complete',
    description:
      "HTTP Basic, the organisation's partner API key as the user name. `partner_status` is the evaluation's status (`pending`, `in_progress`, `complete`); once complete, `partner_score` is the result's overall score (0-100) and `partner_profile_url` the admin console's page of the result, both null before. `metadata` is a flat object of primitives. 404 for an interview that is not the organisation's, or whose evaluation was erased.",
  })
  @ApiOkResponse({ type: GreenhouseTestStatusDto })
  @ApiErrors({
    400: 'partner_interview_id is missing or not a UUID',
    404: 'No interview of the organisation has this partner_interview_id',
  })
  testStatus(@PartnerCaller() partner: PartnerKeyHolder, @Query() query: GreenhouseTestStatusQuery): Promise<GreenhouseTestStatusDto> {
    return this.greenhouse.testStatus(partner, query.partner_interview_id);
  }

  @Post('response_error')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Greenhouse: report an answer of ours it found malformed',
    description:
      "HTTP Basic, the organisation's partner API key as the user name. Written to the service's log as a warning (the organisation, the key, the call, the errors and the test and interview ids; never the candidate's address) and answered `{status: 200}`. Fields Greenhouse adds later are ignored.",
  })
  @ApiBody({ type: GreenhouseResponseErrorDto })
  @ApiOkResponse({ type: GreenhouseResponseErrorAnswerDto })
  @ApiErrors({ 400: 'api_call or errors is missing or invalid' })
  responseError(
    @PartnerCaller() partner: PartnerKeyHolder,
    @ValidatedLenientBody(GreenhouseResponseErrorDto) body: ResponseErrorBody,
  ): GreenhouseResponseErrorAnswerDto {
    return this.greenhouse.responseError(partner, body);
  }
}
