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
  @ApiOperation({ summary: 'File a service request as the token’s subject' })
  @ApiCreatedResponse({ type: HubServiceRequestDto })
  create(@Body() body: HubCreateServiceRequestDto, @Principal() principal: VerifiedToken): Promise<HubServiceRequestDto> {
    return this.hub.create(body, requesterOf(principal));
  }

  @Get()
  @ApiOperation({ summary: 'My service requests, newest first' })
  @ApiOkResponse({ type: HubServiceRequestPageDto })
  list(@Query() query: HubListQuery, @Principal() principal: VerifiedToken): Promise<HubServiceRequestPageDto> {
    return this.hub.list(query, requesterOf(principal));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of my service requests, with public comments and public history' })
  @ApiOkResponse({ type: HubServiceRequestDetailDto })
  @ApiErrors({ 404: 'Missing, deleted, or someone else’s' })
  get(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<HubServiceRequestDetailDto> {
    return this.hub.get(id, requesterOf(principal));
  }

  @Get(':id/comments')
  @ApiOperation({ summary: 'Public comments, oldest first' })
  @ApiOkResponse({ type: HubCommentViewDto, isArray: true })
  @ApiErrors({ 404: '' })
  listComments(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<HubCommentViewDto[]> {
    return this.hub.listComments(id, requesterOf(principal));
  }

  @Post(':id/comments')
  @ApiOperation({ summary: 'Reply (public); a reply on a PENDING_CUSTOMER ticket moves it back to IN_PROGRESS' })
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
  @ApiOperation({ summary: 'Confirm a RESOLVED ticket, which closes it' })
  @ApiOkResponse({ type: HubServiceRequestDto })
  @ApiErrors({ 404: '', 409: 'The ticket is not RESOLVED' })
  confirm(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<HubServiceRequestDto> {
    return this.hub.confirm(id, requesterOf(principal));
  }
}
