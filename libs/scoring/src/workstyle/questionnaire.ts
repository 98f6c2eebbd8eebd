import { ScoringInputError } from '../errors';
import { isScoreType, type QuestionDefinition, type QuestionGroupDefinition, type QuestionnaireDefinition } from '../types';

/** A questionnaire checked once and indexed for scoring. */
export interface PreparedQuestionnaire {
  /** Groups in the caller's order (the dimension order of the results). */
  readonly groups: readonly QuestionGroupDefinition[];
  /** Each group's questions sorted by (order, id): delivery order within the group. */
  readonly questionsByGroup: ReadonlyMap<number, readonly QuestionDefinition[]>;
  readonly questionById: ReadonlyMap<number, QuestionDefinition>;
  /** Position of each question in delivery order: groups in order, then (order, id) inside a group. */
  readonly deliveryRank: ReadonlyMap<number, number>;
}

/**
 * Validates a questionnaire and indexes it. A question is ordered by its `order` (missing ones
 * last) and then by id, so equal or missing orders still give one fixed order: TOP_TEN ties
 * ("lower question order first") and the same-answer run both depend on it.
 */
export function prepareQuestionnaire(definition: QuestionnaireDefinition): PreparedQuestionnaire {
  const groupIds = new Set<number>();
  for (const group of definition.groups) {
    if (groupIds.has(group.id)) throw new ScoringInputError(`Question group ${String(group.id)} is listed twice`);
    groupIds.add(group.id);
    if (!isScoreType(group.scoreType)) {
      throw new ScoringInputError(`Question group ${String(group.id)} has an unknown scoreType ${String(group.scoreType)}`);
    }
    const weight = group.weight ?? 1;
    if (!Number.isFinite(weight) || weight < 0) {
      throw new ScoringInputError(`Question group ${String(group.id)} has an invalid weight ${String(group.weight)}`);
    }
  }

  const questionById = new Map<number, QuestionDefinition>();
  const byGroup = new Map<number, QuestionDefinition[]>(definition.groups.map((group) => [group.id, []]));
  for (const question of definition.questions) {
    if (questionById.has(question.id)) throw new ScoringInputError(`Question ${String(question.id)} is listed twice`);
    const list = byGroup.get(question.groupId);
    if (!list) {
      throw new ScoringInputError(`Question ${String(question.id)} belongs to unknown group ${String(question.groupId)}`);
    }
    questionById.set(question.id, question);
    list.push(question);
  }
  for (const list of byGroup.values()) list.sort(byOrderThenId);

  const deliveryRank = new Map<number, number>();
  for (const group of definition.groups) {
    for (const question of byGroup.get(group.id) ?? []) deliveryRank.set(question.id, deliveryRank.size);
  }

  return { groups: definition.groups, questionsByGroup: byGroup, questionById, deliveryRank };
}

function byOrderThenId(a: QuestionDefinition, b: QuestionDefinition): number {
  const orderA = a.order ?? Number.POSITIVE_INFINITY;
  const orderB = b.order ?? Number.POSITIVE_INFINITY;
  if (orderA !== orderB) return orderA < orderB ? -1 : 1;
  return a.id - b.id;
}
