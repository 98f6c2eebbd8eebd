import { Module } from '@nestjs/common';
import { TeammateController } from './teammate.controller';
import { TeammateRepository } from './teammate.repository';
import { TeammateService } from './teammate.service';

/** Teammates (/teammate). */
@Module({
  controllers: [TeammateController],
  providers: [TeammateRepository, TeammateService],
})
export class TeammatesModule {}
