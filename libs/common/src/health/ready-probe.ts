// The container health check of a service (docker-compose.yml): exits 0 when the service on $PORT
// is ready (GET /health/ready answers 200, so its database answers too), 1 otherwise.
import { answersOk, READINESS_PATH } from './health-probe';

void answersOk(Number(process.env['PORT']), READINESS_PATH, 2_000).then((ready) => process.exit(ready ? 0 : 1));
