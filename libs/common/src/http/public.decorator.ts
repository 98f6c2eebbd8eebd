import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_ROUTE = 'teamfit:public-route';

/** Marks a route as reachable without a token; every other route is guarded by default. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_ROUTE, true);
