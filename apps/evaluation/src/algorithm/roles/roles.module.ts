import { Module } from '@nestjs/common';
import { RoleController } from './role.controller';
import { RoleRepository } from './role.repository';
import { RoleService } from './role.service';

/** /algorithm/roles. */
@Module({
  controllers: [RoleController],
  providers: [RoleRepository, RoleService],
})
export class RolesModule {}
