import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { AccountRepository } from './account.repository';

/**
 * Ensures the administrator account for ADMIN_EMAIL exists (docs/adr/0027-passwordless-sign-in.md), so a fresh
 * platform can be signed in to. Runs on every start and in every instance: the insert is
 * ON CONFLICT DO NOTHING, so restarts and concurrent instances neither duplicate nor fail.
 */
@Injectable()
export class AdminAccountSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminAccountSeeder.name);

  constructor(
    @InjectConfig() private readonly config: ServiceConfig,
    private readonly accounts: AccountRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const emailAddress = this.config.adminEmail;
    const created = await this.accounts.insertIfMissing(this.db, {
      emailAddress,
      firstName: 'Platform',
      lastName: 'Administrator',
      isAdmin: true,
      status: 'ACTIVE',
    });
    if (created) {
      this.logger.log(`created the administrator account ${emailAddress}`);
      return;
    }
    // An existing account is left as administrators made it; say so if it cannot administer.
    const existing = await this.accounts.findByEmail(emailAddress);
    if (existing && (!existing.isAdmin || existing.status !== 'ACTIVE')) {
      this.logger.warn(`ADMIN_EMAIL ${emailAddress} belongs to an account that is not an active administrator`);
    }
  }
}
