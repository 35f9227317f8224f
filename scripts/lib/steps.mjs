import { spawn } from 'node:child_process';
import { root } from './root.mjs';

/** Lines of vitest's and Playwright's own summaries, repeated in the final report. */
export const VITEST_SUMMARY = /^\s*(Test Files|Tests|Errors)\s{2,}\S/;
export const PLAYWRIGHT_SUMMARY = /^\s*\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/;

const ANSI = /\u001b\[[0-9;]*m/g;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Commands still running, so a failure elsewhere or Ctrl-C can stop them with everything they started. */
const running = new Set();

function stop(child) {
  try {
    // Each step leads its own process group (vitest forks, Next's build workers), so all of it stops.
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) stop(child);
    process.exit(130);
  });
}

/**
 * Runs one command, keeping a copy of its output to pick summary lines from.
 * `live` streams the output as it comes; otherwise it is printed in one block
 * at the end, so steps running side by side do not interleave their lines.
 */
function run(step, live, onStart) {
  return new Promise((resolve) => {
    const [file, ...args] = step.command;
    const child = spawn(file, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      // Output is piped, so colours must be asked for when the terminal has them.
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...step.env },
    });
    running.add(child);
    onStart(child);
    let output = '';
    child.stdout.on('data', (chunk) => {
      if (live) process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      if (live) process.stderr.write(chunk);
      output += chunk;
    });
    const done = (result) => {
      running.delete(child);
      resolve(result);
    };
    child.on('error', (err) => done({ code: 1, output: `${output}\n${err.message}` }));
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/**
 * Runs the stages in order and stops at the first failure. A stage is a step
 * { name, command: [file, ...args], env?, summary?: RegExp }, a skipped step
 * { name, skip: 'why' }, or { together: [step, ...] }: independent steps run
 * side by side (each one's output printed whole when it ends), where a failure
 * stops the others. Ends with one line per step (time taken, plus the tool's
 * summary lines) and exits.
 */
export async function runSteps(title, stages) {
  const started = Date.now();
  const report = [];
  let failed = null;

  function record(step, { code, output }, ms) {
    const ok = code === 0;
    const stopped = !ok && failed && failed.step !== step;
    const lines = [`  ${ok ? '✔' : '✘'}  ${step.name.padEnd(28)} ${seconds(ms).padStart(8)}${ok ? '' : stopped ? '  stopped' : '  FAILED'}`];
    if (step.summary) {
      for (const line of output.replace(ANSI, '').split('\n')) {
        if (step.summary.test(line)) lines.push(`       ${line.trim()}`);
      }
    }
    return lines;
  }

  for (const stage of stages) {
    const steps = stage.together ?? [stage];
    if (failed) {
      for (const step of steps) report.push(`  -  ${step.name}: not run`);
      continue;
    }
    const live = steps.length === 1;
    const children = new Map();
    const results = await Promise.all(
      steps.map(async (step) => {
        if (step.skip) return [`  -  ${step.name}: skipped (${step.skip})`];
        console.info(`\n▶ ${step.name}: ${step.command.join(' ')}${live ? '\n' : ' (output when it ends)'}`);
        const stepStarted = Date.now();
        const result = await run(step, live, (child) => children.set(step, child));
        const ms = Date.now() - stepStarted;
        if (result.code !== 0 && !failed) {
          failed = { step, code: result.code };
          // The run fails here: what still runs beside it is not worth waiting for.
          for (const [other, child] of children) if (other !== step) stop(child);
        }
        // A step stopped because another failed has nothing worth reading.
        if (!live && !(failed && failed.step !== step && result.code !== 0)) {
          console.info(`\n── ${step.name} (${seconds(ms)}${result.code === 0 ? '' : ', FAILED'}) ──\n`);
          process.stdout.write(result.output);
        }
        return record(step, result, ms);
      }),
    );
    for (const lines of results) report.push(...lines);
  }
  console.info(`\n── ${title} ${'─'.repeat(Math.max(3, 60 - title.length))}`);
  console.info(report.join('\n'));
  if (failed) {
    console.error(`\n${title} FAILED at "${failed.step.name}" after ${seconds(Date.now() - started)}.`);
    process.exit(failed.code || 1);
  }
  console.info(`\n${title} passed in ${seconds(Date.now() - started)}.`);
}
