import { questionGroups, questions } from '@teamfit/assessment';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/**
 * The small questionnaire whose scores the flow tests compute by hand (docs/scoring.md):
 * pace (SUPPLEMENTARY): q1, q2 reverse-scored; drive (MAX_MEAN): q3; each group weight 1.
 */
export async function seedSmallQuestionnaire(db: NodePgDatabase): Promise<{ q1: number; q2: number; q3: number }> {
  const [pace, drive] = await db
    .insert(questionGroups)
    .values([
      { name: 'pace', title: 'Pace', strapline: 'How fast you like to work', scoreType: 'SUPPLEMENTARY' },
      { name: 'drive', title: 'Drive', strapline: 'What pushes you', scoreType: 'MAX_MEAN' },
    ])
    .returning({ id: questionGroups.id });
  const common = { type: 'LIKERT' as const, likertAnswerSet: 'agree' as const, faking: false };
  const [q1, q2, q3] = await db
    .insert(questions)
    .values([
      {
        ...common,
        questionGroupId: pace?.id ?? 0,
        orderIndex: 0,
        text: 'I like a quick tempo.',
        summary: 'Preference for speed.',
        reverseScore: false,
      },
      { ...common, questionGroupId: pace?.id ?? 0, orderIndex: 1, text: 'I prefer to take my time.', reverseScore: true },
      { ...common, questionGroupId: drive?.id ?? 0, orderIndex: 0, text: 'I set myself ambitious goals.', reverseScore: false },
    ])
    .returning({ id: questions.id });
  return { q1: q1?.id ?? 0, q2: q2?.id ?? 0, q3: q3?.id ?? 0 };
}
