/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_TRANSITIONS, nextStatuses, STATUS_WORDS, type TicketStatus } from './status-transitions';

const DOC = readFileSync(path.resolve(__dirname, '../../../../docs/service-requests.md'), 'utf8');

/** The moves docs/service-requests.md documents: its From/To table plus its CANCELLED sentence. */
function documentedMoves(): Map<string, Set<string>> {
  const section = DOC.slice(DOC.indexOf('## Status'));
  const moves = new Map<string, Set<string>>();
  for (const match of section.matchAll(/^\| `([A-Z_]+)` \| (.+) \|$/gm)) {
    const to = [...(match[2] ?? '').matchAll(/`([A-Z_]+)`/g)].map((inner) => inner[1] ?? '');
    moves.set(match[1] ?? '', new Set(to));
  }
  const cancelled = /\*\*`CANCELLED`\*\*, reachable by an\s+administrator from ([^(]+)\(/.exec(section);
  if (!cancelled) throw new Error('docs/service-requests.md no longer says where CANCELLED is reachable from');
  for (const from of [...(cancelled[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((inner) => inner[1] ?? '')) {
    const set = moves.get(from) ?? new Set<string>();
    set.add('CANCELLED');
    moves.set(from, set);
  }
  return moves;
}

describe('the transitions the desk offers', () => {
  it('are exactly the ones docs/service-requests.md documents', () => {
    const documented = documentedMoves();
    expect(documented.size).toBeGreaterThanOrEqual(7);
    for (const [from, to] of Object.entries(ADMIN_TRANSITIONS)) {
      expect([from, [...(documented.get(from) ?? [])].sort()]).toEqual([from, [...to].sort()]);
    }
    for (const from of documented.keys()) expect(Object.keys(ADMIN_TRANSITIONS)).toContain(from);
  });

  it('offer nothing from a final status and never the current status', () => {
    expect(nextStatuses('CLOSED')).toEqual([]);
    expect(nextStatuses('CANCELLED')).toEqual([]);
    for (const [from, to] of Object.entries(ADMIN_TRANSITIONS)) expect(to).not.toContain(from);
    expect(nextStatuses('NEW')).toEqual(['OPEN', 'IN_PROGRESS']);
    expect(nextStatuses('UNKNOWN' as TicketStatus)).toEqual([]);
  });

  it('have words for every status', () => {
    expect(Object.keys(STATUS_WORDS).sort()).toEqual(Object.keys(ADMIN_TRANSITIONS).sort());
  });
});
