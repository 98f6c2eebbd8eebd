import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../http/public.decorator';
import { ServiceMetrics } from './service-metrics';

/**
 * Prometheus scrapes each instance here, on the service's own port, from inside the deployment.
 * It is not part of the API: the gateway answers 404 for `/<prefix>/metrics`, so the OpenAPI
 * documents leave it out (docs/adr/0073-metrics-on-each-service-port.md).
 */
@Controller()
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Public()
  @Get('metrics')
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', this.metrics.contentType);
    return this.metrics.exposition();
  }
}
