import { Module } from '@nestjs/common';
import { LoginRepository } from '@teamfit/auth';
import { profileLoginTables } from '../database/profile.schema';
import { PersonaLoginController } from './persona-login.controller';
import { PersonaLoginService } from './persona-login.service';

/**
 * Persona sign-in (/persona/login, /persona/verify, /persona/token). It owns the profile schema's
 * sign-in tables: whoever removes a persona removes its sign-in rows through the exported repository.
 */
@Module({
  controllers: [PersonaLoginController],
  providers: [PersonaLoginService, { provide: LoginRepository, useValue: new LoginRepository(profileLoginTables) }],
  exports: [LoginRepository],
})
export class PersonaLoginModule {}
