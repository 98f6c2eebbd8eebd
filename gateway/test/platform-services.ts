import { Controller, Get, Req } from '@nestjs/common';
import { AdminOnly, AcceptTokens, type AuthenticatedRequest, Principal, type VerifiedToken } from '@teamfit/auth';
import { Public, SERVICE_NAMES, type ServiceModuleFactory, type ServiceName } from '@teamfit/common';
import { createTestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway, type TestGatewayOptions } from '@teamfit/gateway/testing';
import { type RunningTestService, startTestService, TestTokens, type TestServiceOptions } from '@teamfit/platform/testing';
import { authAppModule } from '../../apps/auth/src/auth-app.module';
import { evaluationAppModule } from '../../apps/evaluation/src/evaluation-app.module';
import { mediaAppModule } from '../../apps/media/src/media-app.module';
import { organisationAppModule } from '../../apps/organisation/src/organisation-app.module';
import { profileAppModule } from '../../apps/profile/src/profile-app.module';

const MODULES: Record<ServiceName, ServiceModuleFactory> = {
  auth: authAppModule,
  profile: profileAppModule,
  organisation: organisationAppModule,
  media: mediaAppModule,
  evaluation: evaluationAppModule,
};

/** Routes added to the real organisation app so the real global guard can be probed end to end. */
@Controller('__probe')
export class ProbeController {
  @Get('protected')
  protected(@Principal() principal: VerifiedToken): { sub: string; kind: string } {
    return { sub: principal.sub, kind: principal.kind };
  }

  @AdminOnly()
  @Get('admin')
  admin(): { admin: true } {
    return { admin: true };
  }

  @AcceptTokens('login')
  @Get('login-step')
  loginStep(): { step: 'verify' } {
    return { step: 'verify' };
  }

  @Public()
  @Get('caller')
  caller(@Req() request: AuthenticatedRequest): { ip: string | undefined; forwardedFor: string | undefined } {
    const forwarded = request.headers['x-forwarded-for'];
    return { ip: request.ip, forwardedFor: Array.isArray(forwarded) ? forwarded.join(',') : forwarded };
  }
}

const withProbe =
  (factory: ServiceModuleFactory): ServiceModuleFactory =>
  (config) => {
    const module = factory(config);
    return { ...module, controllers: [...(module.controllers ?? []), ProbeController] };
  };

/** The five real service applications, each on its own loopback port. */
export async function startPlatformServices(options: TestServiceOptions): Promise<Record<ServiceName, RunningTestService>> {
  const started = await Promise.all(
    SERVICE_NAMES.map(async (name) => {
      const factory = name === 'organisation' ? withProbe(MODULES[name]) : MODULES[name];
      return [name, await startTestService(name, factory, options)] as const;
    }),
  );
  return Object.fromEntries(started) as Record<ServiceName, RunningTestService>;
}

export async function stopPlatformServices(services: Record<ServiceName, RunningTestService> | undefined): Promise<void> {
  if (services) await Promise.all(Object.values(services).map((service) => service.close()));
}

export interface AuthBehindGateway {
  gateway: TestGateway;
  stop(): Promise<void>;
}

/** The auth service alone, on its own database, behind a fresh gateway: the other prefixes answer the gateway's 502. */
export async function startAuthBehindGateway(repositoryRoot: string, gatewayOptions: TestGatewayOptions = {}): Promise<AuthBehindGateway> {
  const database = await createTestDatabase();
  const auth = await startTestService('auth', MODULES.auth, { databaseUrl: database.url, keys: new TestTokens().keys });
  const gateway = await startTestGateway(repositoryRoot, { auth: auth.port }, gatewayOptions);
  return {
    gateway,
    stop: async () => {
      await gateway.stop();
      await auth.close();
      await database.drop();
    },
  };
}
