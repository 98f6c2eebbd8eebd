// First: traces on, the SDK must be in place before anything loads http, pg or Fastify.
import './tracing';
import 'reflect-metadata';
import { startService } from '@teamfit/platform';
import { profileAppModule } from './profile-app.module';

void startService('profile', profileAppModule);
