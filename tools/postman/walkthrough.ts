// Runs docs/walkthrough.md against a running platform, so the page stays true: every ```sh block,
// in order, in one bash, as a reader would type them into one shell. A command that fails (an
// HTTP error included: `curl` gets --fail-with-body) stops the run, and each answer the page shows
// after `# -> ` must match what the command before it printed. Used by `npm run test:postman`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** An answer the page shows: the text between its `…` must appear in the output, in order. */
export interface ShownAnswer {
  /** Line of the page where the answer starts (1-based). */
  line: number;
  shown: string;
}

export interface WalkthroughScript {
  /** The bash script: a prelude, then the page's blocks with a mark after each shown answer. */
  script: string;
  answers: ShownAnswer[];
  /** For each line of the script, the page's line it came from (0 for the prelude's). */
  pageLines: number[];
}

export interface WalkthroughTarget {
  /** The gateway, `http://host:port`; the page calls `localhost:8080`. */
  gatewayUrl: string;
  /** MailDev's inbox, `http://host:port`; the page calls `localhost:1080`. */
  inboxUrl: string;
  /** The administrator the platform ensures; the page uses the default `admin@teamfit.local`. */
  adminEmail?: string;
  /** The platform's data folder (DATA_DIR); the page reads the inbox's credentials from `.data/`. */
  dataDir?: string;
}

const FENCE_OPEN = /^```sh\s*$/;
const FENCE_CLOSE = /^```\s*$/;
const ANSWER_START = /^# -> ?(.*)$/;
const ANSWER_MORE = /^# {4}(.*)$/;
const MARK = (index: number) => `@@walkthrough answer ${index}@@`;

const PRELUDE = [
  'set -eEuo pipefail',
  'shopt -s inherit_errexit',
  // The reader sees an error body and decides; the run must stop at it.
  'curl() { command curl --fail-with-body --show-error --max-time 60 "$@"; }',
  `__walkthrough_mark() { printf '\\n${MARK(0).replace('0', '%s')}\\n' "$1"; }`,
  // The failing command's line and its callers' lines: the first of them on the page is where it broke.
  `trap 'echo "failed (exit $?) at script lines $LINENO \${BASH_LINENO[*]}: $BASH_COMMAND" >&2' ERR`,
];

/** The page's ```sh blocks as one script, pointed at `target`. */
export function walkthroughScript(page: string, target: WalkthroughTarget): WalkthroughScript {
  const gateway = new URL(target.gatewayUrl).host;
  const inbox = new URL(target.inboxUrl).host;
  const retarget = (line: string) => {
    let result = line.replaceAll('localhost:8080', gateway).replaceAll('localhost:1080', inbox);
    if (target.adminEmail) result = result.replaceAll('admin@teamfit.local', target.adminEmail);
    if (target.dataDir) result = result.replaceAll(/(?<![\w/.-])\.data\//g, `${target.dataDir}/`);
    return result;
  };
  const lines = page.split('\n');
  const script = [...PRELUDE];
  const pageLines = PRELUDE.map(() => 0);
  const answers: ShownAnswer[] = [];
  const emit = (text: string, pageLine: number) => {
    script.push(text);
    pageLines.push(pageLine);
  };
  let inBlock = false;
  let open: ShownAnswer | undefined;
  const closeAnswer = (pageLine: number) => {
    if (!open) return;
    answers.push(open);
    emit(`__walkthrough_mark ${answers.length}`, pageLine);
    open = undefined;
  };
  lines.forEach((line, index) => {
    const pageLine = index + 1;
    if (!inBlock) {
      inBlock = FENCE_OPEN.test(line);
      return;
    }
    if (FENCE_CLOSE.test(line)) {
      closeAnswer(pageLine);
      inBlock = false;
      return;
    }
    const more = open && ANSWER_MORE.exec(line);
    if (open && more) {
      open.shown += (more[1] ?? '').trim();
    } else {
      closeAnswer(pageLine);
      const start = ANSWER_START.exec(line);
      if (start) open = { line: pageLine, shown: (start[1] ?? '').trim() };
    }
    emit(retarget(line), pageLine);
  });
  if (inBlock) throw new Error('docs/walkthrough.md: a ```sh block is not closed');
  return { script: script.join('\n') + '\n', answers, pageLines };
}

/**
 * The first part of the shown answer (the text between its `…`) that `output` does not hold
 * after the parts before it; undefined when every part is there, in order.
 */
export function missingPart(shown: string, output: string): string | undefined {
  let from = 0;
  for (const part of shown.split('…').map((piece) => piece.trim())) {
    if (part === '') continue;
    const at = output.indexOf(part, from);
    if (at < 0) return part;
    from = at + part.length;
  }
  return undefined;
}

export interface WalkthroughRun {
  /** Empty when every command ran and every shown answer matched. */
  failures: string[];
  output: string;
}

/** Runs the page's blocks against `target`, in a scratch working directory. */
export async function runWalkthrough(page: string, target: WalkthroughTarget, timeoutMs = 600_000): Promise<WalkthroughRun> {
  const { script, answers, pageLines } = walkthroughScript(page, target);
  const workDir = mkdtempSync(path.join(tmpdir(), 'teamfit-walkthrough-'));
  const scriptFile = path.join(workDir, 'walkthrough.sh');
  writeFileSync(scriptFile, script);
  // `node` in the page is the Node that runs this.
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env['PATH'] ?? ''}` };
  let stdout = '';
  let stderr = '';
  const code = await new Promise<number | string>((resolve, reject) => {
    const child = spawn('bash', [scriptFile], { cwd: workDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => {
      clearTimeout(timer);
      resolve(exitCode ?? signal ?? 'killed');
    });
  });
  rmSync(workDir, { recursive: true, force: true });

  const failures: string[] = [];
  // What each command printed before its shown answer's mark.
  const sections = stdout.split(/\n@@walkthrough answer (\d+)@@\n/);
  const printed = new Map<number, string>();
  for (let index = 1; index < sections.length; index += 2) printed.set(Number(sections[index]), sections[index - 1] ?? '');
  answers.forEach((answer, index) => {
    const output = printed.get(index + 1);
    if (output === undefined) return; // the run stopped before it
    const missing = missingPart(answer.shown, output);
    if (missing !== undefined) {
      const printedText = output.trim();
      // The command just before the shown answer printed last.
      const shortened = printedText.length > 1500 ? `(${printedText.length} characters, the last 1,500:) …${printedText.slice(-1500)}` : printedText;
      failures.push(`docs/walkthrough.md:${answer.line}: the platform did not print ${JSON.stringify(missing)} where the page shows it:\n  shown:   ${answer.shown}\n  printed: ${shortened}`);
    }
  });
  if (code !== 0) {
    const stack = (/at script lines ([\d ]+):/.exec(stderr)?.[1] ?? '').trim().split(/\s+/).map(Number);
    const pageLine = stack.map((line) => pageLines[line - 1] ?? 0).find((line) => line > 0);
    const where = pageLine ? `docs/walkthrough.md:${pageLine}` : 'docs/walkthrough.md';
    const tail = (text: string, count: number) =>
      text
        .trim()
        .split('\n')
        .slice(-count)
        .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
        .join('\n');
    failures.push(`${where}: the walk-through stopped (${code}):\n${tail(stderr, 15)}\n${tail(stdout, 3)}`);
  } else if (printed.size !== answers.length) {
    failures.push(`docs/walkthrough.md: ${answers.length} answers shown, ${printed.size} printed`);
  }
  return { failures, output: stdout };
}

/** docs/walkthrough.md of the repository at `root`. */
export function readWalkthrough(root: string): string {
  return readFileSync(path.join(root, 'docs', 'walkthrough.md'), 'utf8');
}
