import { Injectable } from '@nestjs/common';
import {
  generateOtp,
  hashOtp,
  LoginRepository,
  LoginThrottle,
  newOtpSalt,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  otpMatches,
  type VerifiedToken,
} from '@teamfit/auth';
import { type Clock, conflict, type DomainError, forbidden, InjectClock, notFound, validationFailed } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { Mailer } from '@teamfit/mail';
import type { PersonaRow } from '@teamfit/personas';
import { addressConfirmationMail } from './address-confirmation.mail';
import { PersonaEmailChangeRepository } from './persona-email-change.repository';
import type { EmailChangeField } from './persona-email-change.table';
import { isEmailTaken, PersonaRepository } from './persona.repository';

export const ADDRESS_TAKEN = 'This e-mail address is already the sign-in address of another persona';

/** Wrong confirmation codes count against the persona like wrong sign-in codes, on a key of their own. */
const throttleKey = (personaId: string): string => `email-change:${personaId}`;

/**
 * Sign-in addresses: a persona's own address is unique ignoring case, no persona signs in with an
 * address that another user's persona signs in with, and a persona proves a new address with a
 * code e-mailed to it before it changes. Administrators set addresses directly.
 */
@Injectable()
export class PersonaEmailService {
  private readonly throttle: LoginThrottle;

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly personas: PersonaRepository,
    private readonly changes: PersonaEmailChangeRepository,
    private readonly mailer: Mailer,
    @InjectClock() private readonly now: Clock,
    loginRows: LoginRepository,
  ) {
    this.throttle = new LoginThrottle(loginRows);
  }

  /** Refuses (409) each given address that is taken; holds their locks until the transaction ends. */
  async assertAvailable(
    tx: Executor,
    self: { personaId?: string; userId: string },
    addresses: { own?: string | null; user?: string | null },
  ): Promise<void> {
    const wanted = (
      [
        [addresses.own, true],
        [addresses.user, false],
      ] as const
    ).filter((entry): entry is readonly [string, boolean] => Boolean(entry[0]));
    // Every lock first, in one order: two writes swapping two addresses must not deadlock (a 500).
    for (const address of [...new Set(wanted.map(([address]) => address.toLowerCase()))].sort())
      await this.personas.lockAddress(tx, address);
    for (const [address, ownAddress] of wanted) {
      if (await this.personas.addressTaken(tx, address, ownAddress, self)) throw conflict(ADDRESS_TAKEN);
    }
  }

  /** Stores the pending change and e-mails its code to the new address, in the caller's transaction. */
  async requestChange(tx: Executor, persona: PersonaRow, field: EmailChangeField, newAddress: string): Promise<void> {
    await this.assertAvailable(
      tx,
      { personaId: persona.id, userId: persona.userId },
      field === 'emailAddress' ? { own: newAddress } : { user: newAddress },
    );
    const otp = generateOtp();
    const otpSalt = newOtpSalt();
    const expiresAt = new Date(this.now().getTime() + OTP_TTL_SECONDS * 1000);
    await this.changes.replace(tx, { personaId: persona.id, field, newAddress, otpHash: hashOtp(otp, otpSalt), otpSalt, expiresAt });
    // Sent before the transaction commits: a failed send leaves nothing pending.
    await this.mailer.send(addressConfirmationMail(newAddress, otp, OTP_TTL_SECONDS / 60));
  }

  /** Proves the pending address with its code and makes it the persona's; the answer is the persona. */
  async confirm(personaId: string, otp: string, caller: VerifiedToken): Promise<PersonaRow> {
    if (caller.personaId !== personaId) throw forbidden('A persona may confirm only its own address change');
    const now = this.now();
    const key = throttleKey(personaId);
    try {
      // Refusals are returned, not thrown, so a counted wrong code commits.
      const outcome = await this.db.transaction(async (tx): Promise<{ error: DomainError } | { row: PersonaRow }> => {
        const locked = await this.throttle.lock(tx, key, now);
        if (locked) return { error: locked };
        const persona = await this.personas.findForUpdate(tx, personaId);
        if (!persona) return { error: notFound('Persona') };
        const pending = await this.changes.findForUpdate(tx, personaId);
        if (!pending || pending.expiresAt <= now)
          return { error: validationFailed('No address change is pending, or its code has expired') };
        if (pending.attempts >= OTP_MAX_ATTEMPTS) return { error: validationFailed('Too many wrong codes; ask for the change again') };
        if (!otpMatches(otp, pending.otpSalt, pending.otpHash)) {
          await this.changes.addAttempt(tx, personaId);
          await this.throttle.recordFailure(tx, key, now);
          return { error: validationFailed('The confirmation code is wrong') };
        }
        const own = pending.field === 'emailAddress';
        await this.assertAvailable(
          tx,
          { personaId, userId: persona.userId },
          own ? { own: pending.newAddress } : { user: pending.newAddress },
        );
        const row = await this.personas.update(
          tx,
          personaId,
          own ? { emailAddress: pending.newAddress, verifiedEmail: true } : { userEmailAddress: pending.newAddress },
        );
        await this.changes.delete(tx, personaId);
        await this.throttle.clear(tx, key);
        return row ? { row } : { error: notFound('Persona') };
      });
      if ('error' in outcome) throw outcome.error;
      return outcome.row;
    } catch (error) {
      throw isEmailTaken(error) ? conflict(ADDRESS_TAKEN) : error;
    }
  }
}
