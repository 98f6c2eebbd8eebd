import 'reflect-metadata';
import { startService } from '@teamfit/platform';
import { mediaAppModule } from './media-app.module';

void startService('media', mediaAppModule);
