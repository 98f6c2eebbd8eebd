import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from './clock';

/** The one clock of a service, for every module of it; tests give their own. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = systemClock): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}
