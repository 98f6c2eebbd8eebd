import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { PartnerKeyDirectory, type PartnerKeyHolder } from '@teamfit/accounts';
import { PARTNER_KEY_SCHEME, Public } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the challenge of a refused call says: HTTP Basic, the key as the user name. */
const CHALLENGE = 'Basic realm="teamfit partner API", charset="UTF-8"';

const BASIC = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i;

export interface PartnerRequest extends FastifyRequest {
  partner?: PartnerKeyHolder;
}

/**
 * The key in an `Authorization: Basic` header: the user name of base64(`key:password`). The
 * password is not read (Greenhouse sends none). Undefined when the header is not Basic.
 */
export function basicUserOf(header: string | undefined): string | undefined {
  const match = BASIC.exec(header?.trim() ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? decoded : decoded.slice(0, colon);
}

/**
 * Admits a call made with an organisation's partner API key as the HTTP Basic user name
 * (docs/adr/0088-partner-api-keys.md). Every call reads the key's row, so a key revoked a moment
 * ago is refused on its next call. Every refusal is a 401 with the platform error body and a
 * `WWW-Authenticate: Basic` challenge: no header, another scheme (a Bearer token of any kind),
 * or a key that is malformed, unknown or revoked.
 */
@Injectable()
export class PartnerKeyGuard implements CanActivate {
  private readonly keys: PartnerKeyDirectory;

  constructor(@InjectDatabase() db: Database) {
    this.keys = new PartnerKeyDirectory(db);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<PartnerRequest>();
    const refuse = (message: string): never => {
      void http.getResponse<FastifyReply>().header('www-authenticate', CHALLENGE);
      throw new UnauthorizedException(message);
    };
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') return refuse('Missing Authorization header');
    const key = basicUserOf(header);
    if (key === undefined) return refuse('Authorization must be HTTP Basic with a partner API key as the user name');
    const holder = await this.keys.holderOf(key);
    if (!holder) return refuse('Invalid or revoked API key');
    request.partner = holder;
    return true;
  }
}

/**
 * A route called with a partner API key (HTTP Basic) instead of a Bearer token: the global access
 * guard lets it through (`@Public()`), this route's own guard checks the key.
 */
export const PartnerKeyAuth = (): MethodDecorator & ClassDecorator =>
  applyDecorators(Public(), UseGuards(PartnerKeyGuard), ApiSecurity(PARTNER_KEY_SCHEME));

/** The organisation and key a partner route was called with; only on `@PartnerKeyAuth()` routes. */
export const PartnerCaller = createParamDecorator((_data: unknown, context: ExecutionContext): PartnerKeyHolder => {
  const request = context.switchToHttp().getRequest<PartnerRequest>();
  if (!request.partner) throw new Error('@PartnerCaller() used on a route without @PartnerKeyAuth()');
  return request.partner;
});
