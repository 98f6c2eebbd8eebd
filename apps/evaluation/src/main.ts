import 'reflect-metadata';
import { startService } from '@teamfit/platform';
import { evaluationAppModule } from './evaluation-app.module';

void startService('evaluation', evaluationAppModule);
