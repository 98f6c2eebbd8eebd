import { Module } from '@nestjs/common';
import { LoginRepository } from '@teamfit/auth';
import { authLoginTables } from '../database/auth.schema';
import { LoginController } from './login.controller';
import { LoginService } from './login.service';

/** Account sign-in (/login, /verify, /token, /logout) on the auth schema's sign-in tables. */
@Module({
  controllers: [LoginController],
  providers: [LoginService, { provide: LoginRepository, useValue: new LoginRepository(authLoginTables) }],
})
export class LoginModule {}
