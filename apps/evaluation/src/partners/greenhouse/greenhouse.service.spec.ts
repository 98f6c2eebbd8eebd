import { adminEvaluationUrl, testStatusOf } from './greenhouse.service';

const ID = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
const state = {
  evaluationId: ID,
  answered: 40,
  total: 96,
  overallScore: 72.5,
  overallCategory: 'high',
  completedAt: new Date('2026-11-27T07:30:00.000Z'),
  teamName: 'Platform engineering',
};

describe('test_status', () => {
  it('once complete: the status, the score, the admin console’s page and the metadata', () => {
    expect(testStatusOf({ ...state, status: 'complete' }, 'https://admin.teamfit.example/')).toEqual({
      partner_status: 'complete',
      partner_profile_url: `https://admin.teamfit.example/evaluations/${ID}`,
      partner_score: 72.5,
      metadata: {
        Team: 'Platform engineering',
        'Questions answered': 40,
        Questions: 96,
        'Overall category': 'high',
        'Completed at': '2026-11-27T07:30:00.000Z',
      },
    });
  });

  it('before: null for every value that is not there yet, never a missing field', () => {
    for (const status of ['pending', 'in_progress'] as const) {
      const answer = testStatusOf({ ...state, status }, 'https://admin.teamfit.example');
      expect(answer).toEqual({
        partner_status: status,
        partner_profile_url: null,
        partner_score: null,
        metadata: { Team: 'Platform engineering', 'Questions answered': 40, Questions: 96, 'Overall category': null, 'Completed at': null },
      });
      // Only primitives in the metadata, as Greenhouse takes them.
      for (const value of Object.values(answer.metadata)) expect(value === null || typeof value !== 'object').toBe(true);
    }
  });

  it('drops the trailing slashes of the configured origin and encodes the id', () => {
    expect(adminEvaluationUrl('https://admin.teamfit.example//', 'a/b')).toBe('https://admin.teamfit.example/evaluations/a%2Fb');
  });
});
