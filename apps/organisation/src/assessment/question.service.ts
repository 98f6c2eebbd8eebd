import { Injectable } from '@nestjs/common';
import { notFound, type Page, pageOf, postgresErrorOf, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { searching, setSearchTimeout } from './assessment-search';
import { type CreateQuestionDto, mapQuestion, type QuestionDto, type QuestionListQuery, type UpdateQuestionDto } from './question.dto';
import { QUESTION_GROUP_FOREIGN_KEY, type QuestionChanges, QuestionRepository } from './question.repository';

/** Question rules. Raises DomainErrors only. */
@Injectable()
export class QuestionService {
  constructor(
    private readonly repository: QuestionRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async list(query: QuestionListQuery): Promise<Page<QuestionDto>> {
    const { rows, total } = await searching(() =>
      this.db.transaction(async (tx) => {
        await setSearchTimeout(tx);
        return this.repository.page(query, tx);
      }),
    );
    return pageOf(rows.map(mapQuestion), total, query);
  }

  async get(id: number): Promise<QuestionDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Question');
    return mapQuestion(row);
  }

  async create(input: CreateQuestionDto): Promise<QuestionDto> {
    // The foreign key decides whether the group exists: a prior lookup would race with its deletion.
    const row = await this.withExistingGroup(() =>
      this.repository.insert(this.db, {
        questionGroupId: input.questionGroupId,
        orderIndex: input.orderIndex ?? null,
        type: input.type,
        text: input.text,
        summary: input.summary ?? null,
        likertAnswerSet: input.likertAnswerSet ?? null,
        metadata: input.metadata ?? null,
        faking: input.faking,
        reverseScore: input.reverseScore,
      }),
    );
    return mapQuestion(row);
  }

  async update(id: number, input: UpdateQuestionDto): Promise<QuestionDto> {
    const row = await this.withExistingGroup(() => this.repository.update(this.db, id, changesOf(input)));
    if (!row) throw notFound('Question');
    return mapQuestion(row);
  }

  /** Deletes the question's answers too. */
  async remove(id: number): Promise<void> {
    if (!(await this.repository.delete(this.db, id))) throw notFound('Question');
  }

  private async withExistingGroup<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const postgres = postgresErrorOf(error);
      if (postgres?.code === '23503' && postgres.constraint === QUESTION_GROUP_FOREIGN_KEY) {
        throw validationFailed('questionGroupId must be the id of an existing question group');
      }
      throw error;
    }
  }
}

/** Only the fields the client sent; `null` clears a nullable field. */
function changesOf(input: UpdateQuestionDto): QuestionChanges {
  const changes: QuestionChanges = {};
  if (input.questionGroupId !== undefined) changes.questionGroupId = input.questionGroupId;
  if (input.orderIndex !== undefined) changes.orderIndex = input.orderIndex;
  if (input.type !== undefined) changes.type = input.type;
  if (input.text !== undefined) changes.text = input.text;
  if (input.summary !== undefined) changes.summary = input.summary;
  if (input.likertAnswerSet !== undefined) changes.likertAnswerSet = input.likertAnswerSet;
  if (input.metadata !== undefined) changes.metadata = input.metadata;
  if (input.faking !== undefined) changes.faking = input.faking;
  if (input.reverseScore !== undefined) changes.reverseScore = input.reverseScore;
  return changes;
}
