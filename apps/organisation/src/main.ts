import 'reflect-metadata';
import { startService } from '@teamfit/platform';
import { organisationAppModule } from './organisation-app.module';

void startService('organisation', organisationAppModule);
