import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Probe {
  file: string;
  code: string;
}
interface Finding {
  ruleId: string | null;
  messageId?: string;
}

// ESLint loads eslint.config.mjs (an ES module with top-level await) through import(), which Jest's
// CommonJS runtime cannot do, so a child Node process lints the probes with the real configuration.
// Only the two import rules run, without type information: a second instead of a whole-program lint.
const LINT_SCRIPT = `
import { ESLint } from 'eslint';
const eslint = new ESLint({
  ruleFilter: ({ ruleId }) => ruleId === '@nx/enforce-module-boundaries' || ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});
const results = [];
for (const { file, code } of JSON.parse(process.argv[1])) {
  const [result] = await eslint.lintText(code, { filePath: file });
  results.push(result.messages.map(({ ruleId, messageId }) => ({ ruleId, messageId })));
}
console.log(JSON.stringify(results));
`;

function lint(probes: Probe[]): Finding[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT, JSON.stringify(probes)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').pop() ?? '[]') as Finding[][];
}

const importing = (file: string, specifier: string): Probe => ({
  file,
  code: `import * as probe from '${specifier}';\nexport { probe };\n`,
});
const boundary = (messageId: string): Finding => ({ ruleId: '@nx/enforce-module-boundaries', messageId });

describe('module boundaries (eslint.config.mjs, tags in project.json)', () => {
  it('knows every app and library: each is an Nx project tagged with its layer', () => {
    // Files outside any project are not checked at all, so a folder without project.json would slip through.
    const folders = ['apps', 'libs'].flatMap((parent) => readdirSync(path.join(ROOT, parent)).map((name) => `${parent}/${name}`));
    const tags = folders.map((folder) => {
      const file = path.join(ROOT, folder, 'project.json');
      const tagList = existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { tags?: string[] }).tags ?? []) : ['no project.json'];
      return [folder, tagList.filter((tag) => tag.startsWith('type:') || tag === 'no project.json')];
    });
    expect(tags).toEqual(folders.map((folder) => [folder, [folder.startsWith('apps/') ? 'type:app' : 'type:lib']]));
  });

  it('rejects imports across the layers and accepts the sanctioned ones', () => {
    const cases: [string, Probe, Finding[]][] = [
      [
        'a library importing an app',
        importing('libs/mail/src/index.ts', '../../../apps/auth/src/auth-app.module'),
        [boundary('noRelativeOrAbsoluteImportsAcrossLibraries')],
      ],
      [
        'a library importing another library by path',
        importing('libs/mail/src/index.ts', '../../common/src/config/service-name'),
        [boundary('noRelativeOrAbsoluteImportsAcrossLibraries')],
      ],
      [
        'a library importing a tool',
        importing('libs/common/src/index.ts', '../../../tools/runner/service-process'),
        [boundary('noRelativeOrAbsoluteImportsAcrossLibraries')],
      ],
      [
        'an app importing another app',
        importing('apps/media/src/main.ts', '../../auth/src/auth-app.module'),
        [boundary('noRelativeOrAbsoluteImportsAcrossLibraries')],
      ],
      [
        'two libraries importing each other',
        importing('libs/common/src/index.ts', '@teamfit/platform'),
        [boundary('noCircularDependencies')],
      ],
      [
        'the scoring engine importing a framework',
        importing('libs/scoring/src/index.ts', '@nestjs/common'),
        [boundary('bannedExternalImportsViolation')],
      ],
      [
        'the scoring engine importing another library',
        importing('libs/scoring/src/index.ts', '@teamfit/common'),
        [boundary('emptyOnlyTagsConstraintViolation')],
      ],
      [
        'the scoring engine doing I/O',
        importing('libs/scoring/src/index.ts', 'node:fs'),
        [{ ruleId: 'no-restricted-imports', messageId: 'patternWithCustomMessage' }],
      ],
      [
        'the scoring engine importing the demographics',
        importing('libs/scoring/src/index.ts', '@teamfit/demographics'),
        [boundary('emptyOnlyTagsConstraintViolation')],
      ],
      [
        "the evaluation service's scoring paths importing the demographics",
        importing('apps/evaluation/src/evaluations/shortlist.service.ts', '@teamfit/demographics'),
        [boundary('notTagsConstraintViolation')],
      ],
      [
        "the evaluation service's algorithm routes importing the demographics",
        importing('apps/evaluation/src/algorithm/teams/team.service.ts', '@teamfit/demographics'),
        [boundary('notTagsConstraintViolation')],
      ],
      [
        'the evaluations library importing the demographics',
        importing('libs/evaluations/src/index.ts', '@teamfit/demographics'),
        [boundary('notTagsConstraintViolation')],
      ],
      [
        'the adverse-impact report reading the demographics',
        importing('apps/evaluation/src/fairness/adverse-impact.service.ts', '@teamfit/demographics'),
        [],
      ],
      [
        'the profile service storing the demographics',
        importing('apps/profile/src/demographics/demographics.service.ts', '@teamfit/demographics'),
        [],
      ],
      ['an app importing a library entry point', importing('apps/media/src/main.ts', '@teamfit/common'), []],
      ['a test booting another service', importing('apps/organisation/test/probe.e2e-spec.ts', '../../media/src/media-app.module'), []],
      ['a scoring test using fast-check', importing('libs/scoring/src/probe.spec.ts', 'fast-check'), []],
    ];
    const findings = lint(cases.map(([, probe]) => probe));
    expect(cases.map(([name], index) => [name, findings[index]])).toEqual(cases.map(([name, , expected]) => [name, expected]));
  });
});
