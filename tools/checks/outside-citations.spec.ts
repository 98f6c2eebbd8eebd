import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

/**
 * Citations of documents that are not in the repository: a fresh clone cannot follow them, so
 * code and docs cite docs/, the OpenAPI document or a test instead (docs/adr/0001-the-contract-lives-in-the-repository.md). "specification" alone stays allowed: it is the domain's word (a role specification)
 * and an ordinary one; so are `spec` as a variable and `*.spec.ts` files.
 */
const OUTSIDE_CITATIONS: Array<[string, RegExp]> = [
  ['a document of another folder', /\b(?:ARCHITECTURE|SCORING)\.md\b|\b(?:evaluation-service|platform)\.md\b/],
  ['a path outside the repository', /(?:^|[^\w.-])shared\/(?:spec|ARCHITECTURE|SCORING)\b|\/work\/shared\b/i],
  [
    'a numbered section of an outside document',
    /\bspec(?:ification)?(?:'s|’s)?,?\s+(?:sections?\s+|§\s*)?\d|\bspec\s*§|\bsections?\s+\d+(?:\.\d+)*\s+of\s+the\s+spec/i,
  ],
  ['"the spec" as a source', /\b(?:the|per)\s+spec\b(?!\s+files?\b|[.-]\w)|\bspec(?:'s|’s)|\(spec:|\berrata\b|\bdesign card\b/i],
  [
    '"the specification" as a source',
    /\bthe specification\s+(?:says|said|lists|leaves|is silent|is open|requires|asks|names|shows|calls|defines|gives|allows)\b/i,
  ],
];

interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

/** A line and the start of the next (comment markers dropped), so a citation wrapped over two lines is found. */
const CONTINUATION = /^\s*(?:\*(?!\/)|\/\/|#)?\s*/;

function citationsIn(text: string, file: string): Finding[] {
  const lines = text.split('\n');
  const findings: Finding[] = [];
  lines.forEach((line, index) => {
    const joined = `${line} ${(lines[index + 1] ?? '').replace(CONTINUATION, '')}`;
    for (const [rule, pattern] of OUTSIDE_CITATIONS) {
      const match = pattern.exec(joined);
      // A match that starts on the next line is that line's finding.
      if (match && match.index < line.length) findings.push({ file, line: index + 1, rule, text: line.trim().slice(0, 160) });
    }
  });
  return findings;
}

/** Tracked files and new ones not ignored, so a citation fails before it is committed. */
function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\0').filter((file) => file !== '' && file !== SELF))];
}

function readText(file: string): string | undefined {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path.join(ROOT, file));
  } catch {
    return undefined; // deleted in the working tree, not yet in the index
  }
  return buffer.includes(0) ? undefined : buffer.toString('utf8');
}

describe('comments and docs cite only the repository', () => {
  it('finds no citation of a document outside the repository', () => {
    const findings = repositoryFiles().flatMap((file) => {
      const text = readText(file);
      return text === undefined ? [] : citationsIn(text, file);
    });
    expect(findings.map(({ file, line, rule, text }) => `${file}:${line} (${rule}): ${text}`)).toEqual([]);
  });

  it('recognises each kind of outside citation', () => {
    const cited = [
      '/** The lookups of SCORING.md section 5. */',
      '// Tokens live 15 minutes (ARCHITECTURE.md section 3).',
      'The rules come from `shared/spec/evaluation-service.md` section 2.7.',
      'the contract is in `../shared/spec/`',
      '/** Spec 8: a logo is at most 5 MB. */',
      '// spec 4.6 lists oversized images as 400',
      '/** The platform error body (spec section 7). */',
      'One request per row of spec sections 4.2-4.5.',
      'as the spec says',
      "the spec's A-to-B",
      'Errors follow the spec: 404',
      'see the errata',
      'The clock stops (spec: paused).',
      'Where the specification leaves a point open',
      'as section 2.7 of the spec says',
      ' * the names need not be unique: the\n * specification asks for no uniqueness',
    ];
    expect(cited.filter((line) => citationsIn(line, 'probe').length === 0)).toEqual([]);
  });

  it('leaves the domain word, variables and test files alone', () => {
    const allowed = [
      "import { pageOf } from '../shared/algorithm-http.dto';",
      '/** A role specification record; every criterion is optional. */',
      "description: 'null when the specification has no experience criterion'",
      'const { specification: spec, experience } = input;',
      "setElement('industry', spec.industry, experience?.industryIds, 'experience'),",
      'docs/scoring.md, "Role match"; the rules are docs/contract.md, "Limits".',
      'unit tests beside the code (`*.spec.ts`), e2e tests in `test/*.e2e-spec.ts`',
      'the spec file of each module',
      'OpenAPI 3.0.3 document',
    ];
    expect(allowed.flatMap((line) => citationsIn(line, 'probe'))).toEqual([]);
  });
});
