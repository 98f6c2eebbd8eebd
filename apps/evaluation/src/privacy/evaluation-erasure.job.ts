import { personaErasureJob } from '@teamfit/privacy';
import { EvaluationErasureService } from './evaluation-erasure.service';

/** Runs this service's part of every persona erasure (libs/privacy), at once when asked. */
export const EvaluationErasureJob = personaErasureJob('evaluation', 0, EvaluationErasureService);
