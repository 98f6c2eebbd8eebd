import { Injectable } from '@nestjs/common';
import { contentSeeds } from '@teamfit/assessment';
import type { Executor } from '@teamfit/database';

/** The one gateway to `organisation.content_seeds`: which seeds of assessment content were applied. */
@Injectable()
export class ContentSeedRepository {
  /**
   * Records the seed's key; false when it is recorded already. A concurrent transaction's insert
   * of the same key waits on the primary key until the first one ends and then does nothing.
   */
  async claim(tx: Executor, key: string): Promise<boolean> {
    const [claimed] = await tx.insert(contentSeeds).values({ key }).onConflictDoNothing().returning({ key: contentSeeds.key });
    return claimed !== undefined;
  }
}
