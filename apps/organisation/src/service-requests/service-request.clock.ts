/** The service desk's "now": SLA targets, pauses and breaches; tests move it instead of waiting. */
export const SERVICE_REQUEST_CLOCK = Symbol('SERVICE_REQUEST_CLOCK');
export type ServiceRequestClock = () => Date;
