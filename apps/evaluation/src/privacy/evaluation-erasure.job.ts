import { personaErasureJob } from '@teamfit/privacy';
import { EvaluationErasureRepository } from './evaluation-erasure.repository';

/** Runs this service's part of every persona erasure (libs/privacy), at once when asked. */
export const EvaluationErasureJob = personaErasureJob('evaluation', 0, EvaluationErasureRepository);
