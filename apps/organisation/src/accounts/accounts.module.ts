import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AccountRepository } from './account.repository';
import { AccountService } from './account.service';
import { AdminAccountSeeder } from './admin-account.seeder';

/** Platform accounts (/account) and the first administrator's account on a fresh database. */
@Module({
  controllers: [AccountController],
  providers: [AccountRepository, AccountService, AdminAccountSeeder],
})
export class AccountsModule {}
