import 'reflect-metadata';
import { startService } from '@teamfit/platform';
import { profileAppModule } from './profile-app.module';

void startService('profile', profileAppModule);
