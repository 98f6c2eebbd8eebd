import path from 'node:path';

/**
 * Root of the tree this code runs from: the repository when run from sources (tests), dist/ when
 * built. Both hold `apps/<service>/migrations` and `gateway/` at the same relative places.
 */
export const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');

export function migrationsFolderOf(service: string, root: string = REPOSITORY_ROOT): string {
  return path.join(root, 'apps', service, 'migrations');
}
