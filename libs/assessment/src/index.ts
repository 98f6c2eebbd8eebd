export {
  ANSWER_TEXT_MAX_LENGTH,
  LIKERT_ANSWER_SETS,
  QUESTION_TYPES,
  SCORE_TYPES,
  contentSeeds,
  questionAnswers,
  questionGroups,
  questions,
  type LikertAnswerSet,
  type NewQuestionAnswerRow,
  type NewQuestionGroupRow,
  type NewQuestionRow,
  type QuestionAnswerRow,
  type QuestionGroupRow,
  type QuestionRow,
  type QuestionType,
  type ScoreType,
} from './assessment.tables';
export {
  QuestionnaireDirectory,
  answerOrder,
  questionOrder,
  type QuestionnaireGroup,
  type QuestionnaireQuestion,
} from './questionnaire-directory';
export {
  CONFLICT_STYLES,
  LIKERT_ANSWER_LABELS,
  PLATFORM_QUESTIONNAIRE,
  PLATFORM_QUESTIONNAIRE_SEED_KEY,
  type PlatformQuestion,
  type PlatformQuestionGroup,
} from './questionnaire/platform-questionnaire';
