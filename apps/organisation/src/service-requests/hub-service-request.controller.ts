import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptTokens, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { HubServiceRequestService, type Requester } from './hub-service-request.service';
import { HubCommentDto, HubCreateServiceRequestDto, HubListQuery, ServiceRequestIdParams } from './service-request-input.dto';
import {
  HubCommentViewDto,
  HubServiceRequestDetailDto,
  HubServiceRequestDto,
  HubServiceRequestPageDto,
} from './service-request-output.dto';

const requesterOf = (principal: VerifiedToken): Requester => ({
  kind: principal.kind === 'persona' ? 'persona' : 'account',
  id: principal.sub,
});

/** /hub/service-requests: the requester's own tickets (persona or account tokens). */
@ApiTags('service-requests (hub)')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Authorization header', 403: 'Invalid or expired token' })
@AcceptTokens('persona', 'account')
@Controller('hub/service-requests')
export class HubServiceRequestController {
  constructor(private readonly hub: HubServiceRequestService) {}

  @Post()
  @ApiOperation({
    summary: 'File a service request as the token’s subject',
    description:
      "Persona or account access tokens (any account). Files a ticket with the caller as its requester (the token's subject and kind), `source` HUB, status NEW, `type` QUESTION unless given; the priority comes from impact × urgency and `dueAt` from the priority.",
  })
  @ApiCreatedResponse({ type: HubServiceRequestDto })
  create(@Body() body: HubCreateServiceRequestDto, @Principal() principal: VerifiedToken): Promise<HubServiceRequestDto> {
    return this.hub.create(body, requesterOf(principal));
  }

  @Get()
  @ApiOperation({
    summary: 'My service requests, newest first',
    description:
      "Persona or account access tokens (any account). Only the caller's own tickets (the token's subject and kind; deleted ones left out), newest first, as `{items, total, page, limit}`; `status` narrows it. `page` defaults to 1, `limit` to 10 (at most 100; more is 400).",
  })
  @ApiOkResponse({ type: HubServiceRequestPageDto })
  list(@Query() query: HubListQuery, @Principal() principal: VerifiedToken): Promise<HubServiceRequestPageDto> {
    return this.hub.list(query, requesterOf(principal));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One of my service requests, with public comments and public history',
    description:
      "Persona or account access tokens (any account). The ticket with its public comments and public history (no actor ids or notes). Another requester's, a missing and a deleted ticket all answer the same 404, so ids cannot be probed.",
  })
  @ApiOkResponse({ type: HubServiceRequestDetailDto })
  @ApiErrors({ 404: 'Missing, deleted, or someone else’s' })
  get(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<HubServiceRequestDetailDto> {
    return this.hub.get(id, requesterOf(principal));
  }

  @Get(':id/comments')
  @ApiOperation({
    summary: 'Public comments, oldest first',
    description:
      "Persona or account access tokens (any account). The public comments of one of the caller's own tickets, oldest first; internal comments never appear. 404 as for GET …/{id}.",
  })
  @ApiOkResponse({ type: HubCommentViewDto, isArray: true })
  @ApiErrors({ 404: '' })
  listComments(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<HubCommentViewDto[]> {
    return this.hub.listComments(id, requesterOf(principal));
  }

  @Post(':id/comments')
  @ApiOperation({
    summary: 'Reply (public); a reply on a PENDING_CUSTOMER ticket moves it back to IN_PROGRESS',
    description:
      "Persona or account access tokens (any account). Adds a public comment as the requester to one of the caller's own tickets. On a PENDING_CUSTOMER ticket it moves the ticket back to IN_PROGRESS; in other states it only adds the comment, and CLOSED and CANCELLED tickets take no more comments (409).",
  })
  @ApiCreatedResponse({ type: HubCommentViewDto })
  @ApiErrors({ 404: '', 409: 'The ticket is CLOSED or CANCELLED' })
  reply(
    @Param() { id }: ServiceRequestIdParams,
    @Body() body: HubCommentDto,
    @Principal() principal: VerifiedToken,
  ): Promise<HubCommentViewDto> {
    return this.hub.reply(id, body, requesterOf(principal));
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm a RESOLVED ticket, which closes it',
    description:
      'Persona or account access tokens (any account). The requester accepts the resolution of one of its own tickets: RESOLVED moves to CLOSED and stamps `closedAt`; any other status is 409.',
  })
  @ApiOkResponse({ type: HubServiceRequestDto })
  @ApiErrors({ 404: '', 409: 'The ticket is not RESOLVED' })
  confirm(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<HubServiceRequestDto> {
    return this.hub.confirm(id, requesterOf(principal));
  }
}
