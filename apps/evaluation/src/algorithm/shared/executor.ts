import type { Database } from '@teamfit/database';

/** A transaction of the service's database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the database or a transaction: repositories run their statements on whichever they are given. */
export type Executor = Database | Transaction;
