// A light entry point: the service table without the framework behind `@teamfit/common`, for
// tools that only need names and ports (the local runner stays small in memory).
export { SERVICE_NAMES, SERVICES, type ServiceName } from '../config/service-name';
export { LIVENESS_PATH, READINESS_PATH, answersOk } from '../health/health-probe';
