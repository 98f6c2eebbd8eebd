import { Injectable } from '@nestjs/common';
import { conflict, notFound, type Page, pageOf, postgresErrorOf, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { searching, setSearchTimeout } from './assessment-search';
import {
  type CreateQuestionAnswerDto,
  mapQuestionAnswer,
  type QuestionAnswerDto,
  type QuestionAnswerListQuery,
  type UpdateQuestionAnswerDto,
} from './question-answer.dto';
import {
  ANSWER_ORDER_UNIQUE_INDEX,
  ANSWER_QUESTION_FOREIGN_KEY,
  ANSWER_VALUE_UNIQUE_INDEX,
  type QuestionAnswerChanges,
  QuestionAnswerRepository,
} from './question-answer.repository';

/** Question-answer rules. Raises DomainErrors only. */
@Injectable()
export class QuestionAnswerService {
  constructor(
    private readonly repository: QuestionAnswerRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async list(query: QuestionAnswerListQuery): Promise<Page<QuestionAnswerDto>> {
    const { rows, total } = await searching(() =>
      this.db.transaction(async (tx) => {
        await setSearchTimeout(tx);
        return this.repository.page(query, tx);
      }),
    );
    return pageOf(rows.map(mapQuestionAnswer), total, query);
  }

  async get(id: number): Promise<QuestionAnswerDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Question answer');
    return mapQuestionAnswer(row);
  }

  async create(input: CreateQuestionAnswerDto): Promise<QuestionAnswerDto> {
    // The unique indexes and the foreign key decide: concurrent creates cannot both win.
    const row = await this.writing(() =>
      this.repository.insert(this.db, {
        questionId: input.questionId,
        orderIndex: input.orderIndex,
        text: input.text ?? null,
        value: input.value,
      }),
    );
    return mapQuestionAnswer(row);
  }

  async update(id: number, input: UpdateQuestionAnswerDto): Promise<QuestionAnswerDto> {
    const row = await this.writing(() => this.repository.update(this.db, id, changesOf(input)));
    if (!row) throw notFound('Question answer');
    return mapQuestionAnswer(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repository.delete(this.db, id))) throw notFound('Question answer');
  }

  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const postgres = postgresErrorOf(error);
      if (postgres?.code === '23505' && postgres.constraint === ANSWER_VALUE_UNIQUE_INDEX) {
        throw conflict('The question already has an answer with this value');
      }
      if (postgres?.code === '23505' && postgres.constraint === ANSWER_ORDER_UNIQUE_INDEX) {
        throw conflict('The question already has an answer with this orderIndex');
      }
      if (postgres?.code === '23503' && postgres.constraint === ANSWER_QUESTION_FOREIGN_KEY) {
        throw validationFailed('questionId must be the id of an existing question');
      }
      throw error;
    }
  }
}

/** Only the fields the client sent; `text: null` clears the text. */
function changesOf(input: UpdateQuestionAnswerDto): QuestionAnswerChanges {
  const changes: QuestionAnswerChanges = {};
  if (input.orderIndex !== undefined) changes.orderIndex = input.orderIndex;
  if (input.text !== undefined) changes.text = input.text;
  if (input.value !== undefined) changes.value = input.value;
  if (input.questionId !== undefined) changes.questionId = input.questionId;
  return changes;
}
