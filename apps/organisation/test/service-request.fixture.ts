import type { Database } from '@teamfit/database';
import { ObjectId } from 'bson';
import type { NewServiceRequestRow, ServiceRequestRow } from '../src/database/service-requests.tables';
import { CLOCK_STOPPED, SLA_TARGET_MS, type Status } from '../src/service-requests/service-request.model';
import { ServiceRequestRepository } from '../src/service-requests/service-request.repository';

/**
 * Service requests as the organisation service stores them, written through its own repository:
 * a ticket filed by an administrator, optionally already in a status with the stamps a ticket
 * that got there has (resolvedAt, closedAt, a stopped SLA clock, a reopening). A test about one
 * move starts from there instead of replaying the moves before it over HTTP.
 */
export class ServiceRequestFactory {
  private readonly repository: ServiceRequestRepository;

  constructor(
    private readonly db: Database,
    private readonly requesterId: string,
  ) {
    this.repository = new ServiceRequestRepository(db, db);
  }

  create(overrides: Partial<Omit<NewServiceRequestRow, 'searchVector'>> = {}): Promise<ServiceRequestRow> {
    const now = new Date();
    const values: Omit<NewServiceRequestRow, 'searchVector'> = {
      id: new ObjectId().toHexString(),
      title: 'Printer on fire',
      type: 'INCIDENT',
      requesterType: 'ADMIN',
      requesterId: this.requesterId,
      requesterKind: 'account',
      priority: 'MEDIUM',
      dueAt: new Date(now.getTime() + SLA_TARGET_MS.MEDIUM),
      createdAt: now,
      updatedAt: now,
      ...overrides,
    };
    return this.db.transaction((tx) => this.repository.insert(tx, values));
  }

  inStatus(status: Status, overrides: Partial<Omit<NewServiceRequestRow, 'searchVector'>> = {}): Promise<ServiceRequestRow> {
    const now = new Date();
    return this.create({
      status,
      slaPausedAt: CLOCK_STOPPED.includes(status) ? now : null,
      resolvedAt: status === 'RESOLVED' || status === 'CLOSED' ? now : null,
      closedAt: status === 'CLOSED' ? now : null,
      reopenCount: status === 'REOPENED' ? 1 : 0,
      ...overrides,
    });
  }
}
