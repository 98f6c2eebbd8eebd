import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

/** Key of the Fastify route config naming the path parameters whose values are never logged. */
const UNLOGGED_PARAMS = 'unloggedParams';

/**
 * The values of these path parameters never reach the API-call log or the request line: they are
 * replaced by `:<name>`, as in the route's template. For a route whose very call must not leave
 * its subject behind (erasing a persona from the log the call would be recorded in).
 */
export const UnloggedParams = (...names: string[]): MethodDecorator => RouteConfig({ [UNLOGGED_PARAMS]: names });

export interface LoggedTarget {
  url: string;
  params: Record<string, unknown>;
}

/** The URL and parameters of a call as they may be logged. */
export function loggedTargetOf(request: FastifyRequest): LoggedTarget {
  const params = { ...(request.params as Record<string, unknown> | null) };
  const config = request.routeOptions.config as { [UNLOGGED_PARAMS]?: readonly string[] } | undefined;
  const unlogged = config?.[UNLOGGED_PARAMS];
  if (!unlogged || unlogged.length === 0) return { url: request.url, params };
  const hidden = new Map<string, string>();
  for (const name of unlogged) {
    const value = params[name];
    if (typeof value === 'string' && value.length > 0) hidden.set(value.toLowerCase(), `:${name}`);
    if (name in params) params[name] = `:${name}`;
  }
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : request.url.slice(queryAt);
  const segments = path.split('/').map((segment) => hidden.get(decodedLower(segment)) ?? segment);
  return { url: segments.join('/') + rest, params };
}

function decodedLower(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}
