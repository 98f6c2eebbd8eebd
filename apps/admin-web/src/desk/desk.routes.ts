import { lazy } from 'react';
import { PATHS } from '../routing/paths';
import type { PageRoute } from '../routing/route-table';

const ServiceRequestsPage = lazy(() => import('./service-requests.page').then((module) => ({ default: module.ServiceRequestsPage })));
const ServiceRequestPage = lazy(() => import('./service-request.page').then((module) => ({ default: module.ServiceRequestPage })));

export const deskRoutes: readonly PageRoute[] = [
  { path: PATHS.serviceRequests, page: ServiceRequestsPage, nav: 'Service requests' },
  { path: PATHS.serviceRequest, page: ServiceRequestPage },
];
