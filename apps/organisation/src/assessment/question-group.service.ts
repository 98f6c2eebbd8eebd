import { Injectable } from '@nestjs/common';
import { conflict, notFound, type Page, pageOf, postgresErrorOf, validationFailed } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { searching, setSearchTimeout } from './assessment-search';
import {
  type CreateQuestionGroupDto,
  mapQuestionGroup,
  type QuestionGroupDto,
  type QuestionGroupListQuery,
  type UpdateQuestionGroupDto,
} from './question-group.dto';
import { type QuestionGroupChanges, QuestionGroupRepository } from './question-group.repository';
import { QuestionRepository } from './question.repository';

const NAME_TAKEN = 'A question group with this name already exists';
const NAME_UNIQUE_INDEX = 'question_groups_name_key';

/** Question-group rules. Raises DomainErrors only. */
@Injectable()
export class QuestionGroupService {
  constructor(
    private readonly repository: QuestionGroupRepository,
    private readonly questions: QuestionRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async list(query: QuestionGroupListQuery): Promise<Page<QuestionGroupDto>> {
    const { rows, total } = await searching(() =>
      this.db.transaction(async (tx) => {
        await setSearchTimeout(tx);
        return this.repository.page(query, tx);
      }),
    );
    return pageOf(
      rows.map((row) => mapQuestionGroup(row, row.questionIds)),
      total,
      query,
    );
  }

  async get(id: number): Promise<QuestionGroupDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Question group');
    return mapQuestionGroup(row, row.questionIds);
  }

  /** The group and the moves of its questions are one transaction. */
  async create(input: CreateQuestionGroupDto): Promise<QuestionGroupDto> {
    return this.withNameUniqueness(() =>
      this.db.transaction(async (tx) => {
        const row = await this.repository.insert(tx, {
          name: input.name,
          title: input.title,
          strapline: input.strapline,
          scoreType: input.scoreType,
        });
        await this.moveInto(tx, row.id, input.questionIds ?? []);
        return this.reload(tx, row.id);
      }),
    );
  }

  async update(id: number, input: UpdateQuestionGroupDto): Promise<QuestionGroupDto> {
    return this.withNameUniqueness(() =>
      this.db.transaction(async (tx) => {
        if (!(await this.repository.lockById(tx, id))) throw notFound('Question group');
        const changes = changesOf(input);
        if (Object.keys(changes).length > 0 || input.questionIds !== undefined) await this.repository.update(tx, id, changes);
        if (input.questionIds !== undefined) {
          // The list is the whole membership, but a question cannot be left without a group.
          const orphans = await this.repository.questionsOutside(id, input.questionIds, tx);
          if (orphans.length > 0) {
            throw conflict(`questionIds must list every question of the group; move question ${orphans.join(', ')} to another group first`);
          }
          await this.moveInto(tx, id, input.questionIds);
        }
        return this.reload(tx, id);
      }),
    );
  }

  async remove(id: number): Promise<void> {
    let deleted: boolean;
    try {
      deleted = await this.repository.delete(this.db, id);
    } catch (error) {
      if (isStillReferenced(error)) throw conflict('The question group still has questions; delete or move them first');
      throw error;
    }
    if (!deleted) throw notFound('Question group');
  }

  private async moveInto(tx: Executor, groupId: number, questionIds: number[]): Promise<void> {
    const existing = new Set(await this.questions.lockExisting(tx, questionIds));
    const missing = questionIds.filter((questionId) => !existing.has(questionId));
    if (missing.length > 0) throw validationFailed(`questionIds: no question has the id ${missing.join(', ')}`);
    await this.questions.moveToGroup(tx, questionIds, groupId);
  }

  private async reload(tx: Executor, id: number): Promise<QuestionGroupDto> {
    const row = await this.repository.findById(id, tx);
    if (!row) throw new Error(`question group ${id} vanished inside its own transaction`);
    return mapQuestionGroup(row, row.questionIds);
  }

  private async withNameUniqueness<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const postgres = postgresErrorOf(error);
      if (postgres?.code === '23505' && postgres.constraint === NAME_UNIQUE_INDEX) throw conflict(NAME_TAKEN);
      throw error;
    }
  }
}

/** ON DELETE RESTRICT raises restrict_violation (23001); NO ACTION raises foreign_key_violation (23503). */
function isStillReferenced(error: unknown): boolean {
  const code = postgresErrorOf(error)?.code;
  return code === '23001' || code === '23503';
}

/** Only the fields the client sent. */
function changesOf(input: UpdateQuestionGroupDto): QuestionGroupChanges {
  const changes: QuestionGroupChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.title !== undefined) changes.title = input.title;
  if (input.strapline !== undefined) changes.strapline = input.strapline;
  if (input.scoreType !== undefined) changes.scoreType = input.scoreType;
  return changes;
}
