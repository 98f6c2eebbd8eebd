export { REPOSITORY_ROOT, migrationsFolderOf } from './repository-root';
export { serviceModule, type ServiceParts } from './service-module';
export { startService } from './start-service';
