import { LabInputError } from '../engine/index.ts';
import { quoteSafely } from '../engine/number-text.ts';
import { UsageError } from './errors.ts';
import { progressTo, SILENT, type Progress } from './progress.ts';
import { RUN_HELP, runCommand } from './run-command.ts';
import { AUDIT_HELP, auditCommand } from './audit.ts';
import { BENCH_HELP, benchCommand } from './bench.ts';
import { SCHEDULE_HELP, scheduleCommand } from './schedule.ts';
import { GRAD_HELP, gradCommand } from './grad.ts';
import { TRADEOFFS_HELP, tradeoffsCommand } from './tradeoffs.ts';
import { HVP_HELP, hvpCommand } from './hvp.ts';
import { BUGS_HELP, bugsCommand } from './bugs.ts';
import { PRACTICE_HELP, practiceCommand } from './practice.ts';

interface Command {
  help: string;
  /** Runs the command; a long one says what it is doing through `progress` (stderr, unless --quiet). */
  run: (argv: string[], progress: Progress) => string | { output: string; exitCode: number };
}

const COMMANDS: Record<string, Command> = {
  run: { help: RUN_HELP, run: runCommand },
  audit: { help: AUDIT_HELP, run: auditCommand },
  bench: { help: BENCH_HELP, run: benchCommand },
  schedule: { help: SCHEDULE_HELP, run: scheduleCommand },
  grad: { help: GRAD_HELP, run: gradCommand },
  tradeoffs: { help: TRADEOFFS_HELP, run: tradeoffsCommand },
  hvp: { help: HVP_HELP, run: hvpCommand },
  bugs: { help: BUGS_HELP, run: bugsCommand },
  practice: { help: PRACTICE_HELP, run: practiceCommand },
};

const USAGE = `tape-lab <command> [options]   (npm run -s lab -- <command> …)

${Object.values(COMMANDS)
  .map((c) => c.help)
  .join('\n\n')}

Bad input exits 2 with one line on stderr.`;

/** Where a command writes: the process's streams, or a test's buffers. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const PROCESS_IO: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs one command line and returns the exit status: 0 on success, 1 when an audit check fails
 * or something inside breaks, 2 for bad input (one line on stderr, never a stack trace).
 */
export function main(argv: string[], io: Io = PROCESS_IO): number {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? io.err : io.out)(USAGE + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`tape-lab: unknown command '${quoteSafely(name, 80)}' (commands: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.help + '\n');
    return 0;
  }
  try {
    const progress = rest.includes('--quiet') ? SILENT : progressTo(name, io.err);
    const result = command.run(rest, progress);
    const { output, exitCode } = typeof result === 'string' ? { output: result, exitCode: 0 } : result;
    io.out(output + '\n');
    return exitCode;
  } catch (err) {
    if (err instanceof UsageError || err instanceof LabInputError) {
      io.err(`tape-lab ${name}: ${oneLine(err.message)}\n`);
      return 2;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.err(`tape-lab ${name}: internal error: ${oneLine(message)} (set TAPE_LAB_DEBUG=1 for the stack)\n`);
    if (process.env.TAPE_LAB_DEBUG) io.err(String((err as Error)?.stack) + '\n');
    return 1;
  }
}

/**
 * A message as exactly one line: a value quoted in it is already escaped and cut to 80
 * characters; this catches any line break or control character that slipped through.
 */
function oneLine(message: string): string {
  return quoteSafely(message, 2000);
}
