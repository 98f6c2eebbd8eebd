import type { Database } from '@teamfit/database';
import type { NewPersonaRow, PersonaRow } from '@teamfit/personas';
import { randomUUID } from 'node:crypto';
import { PersonaRepository } from '../src/personas/persona.repository';

/**
 * Personas as the profile service stores them, written through its own repository: defaults
 * make a valid row, a test names only what it is about.
 */
export class PersonaFactory {
  private readonly repository: PersonaRepository;
  private created = 0;

  constructor(private readonly db: Database) {
    this.repository = new PersonaRepository(db, db);
  }

  create(overrides: Partial<NewPersonaRow> = {}): Promise<PersonaRow> {
    this.created += 1;
    return this.repository.insert(this.db, {
      userId: randomUUID(),
      role: 'Engineer',
      description: `Persona ${this.created}`,
      ...overrides,
    });
  }

  /** A persona named for the test, with a numeric user id (the algorithm's user). */
  named(name: string, userNumber: number, overrides: Partial<NewPersonaRow> = {}): Promise<PersonaRow> {
    return this.create({ userNumber, userFirstName: name, description: name, ...overrides });
  }
}
