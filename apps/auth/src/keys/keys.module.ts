import { Module } from '@nestjs/common';
import { KeySetController } from './key-set.controller';

/** The published verification keys (JWKS), so tokens of two keys verify during a rotation. */
@Module({
  controllers: [KeySetController],
})
export class KeysModule {}
