// Imported first by main.ts: with traces on, OpenTelemetry hooks http, pg and Fastify before they load.
import { startTracing } from '@teamfit/tracing';

startTracing('auth');
