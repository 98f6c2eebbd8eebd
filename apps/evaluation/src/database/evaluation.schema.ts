import { evaluationSchema } from './pg-schema';

/** Every table of the evaluation service lives in this PostgreSQL schema; no other service writes here. */
export { evaluationSchema };

/** Algorithm entities (docs/algorithm.md): teams, roles, role specifications, user records, lookups. */
export * from './algorithm.tables';

/** Evaluations, their fixed question sets and answers. */
export * from './evaluation.tables';

/** This service's part of each persona erasure (declared in libs/privacy, which the profile service reads). */
export { evaluationErasureParts } from '@teamfit/privacy';

/** Tests sent through the Greenhouse assessment partner API. */
export * from './partner.tables';
