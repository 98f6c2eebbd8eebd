export { REPOSITORY_ROOT, migrationsFolderOf } from './repository-root';
export { serviceModule, type ServiceParts } from './service-module';
export { migrateService, startService } from './start-service';
