import { Inject } from '@nestjs/common';

/** "Now" of a service: tests move it instead of waiting for hours or days to pass. */
export type Clock = () => Date;

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = () => new Date();

/** Injects the service's clock (given once, by the platform module). */
export const InjectClock = (): ParameterDecorator => Inject(CLOCK);
