/**
 * Raised for input the engine cannot score honestly (an answer value outside 1-5, a duplicated
 * answer, a negative weight, ...). The database's own constraints should make these impossible;
 * failing loudly beats returning a plausible but wrong score. The caller maps it to its own error.
 */
export class ScoringInputError extends Error {
  override readonly name = 'ScoringInputError';
}
