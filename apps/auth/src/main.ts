import 'reflect-metadata';
import { startService } from '@teamfit/platform';
import { authAppModule } from './auth-app.module';

void startService('auth', authAppModule);
