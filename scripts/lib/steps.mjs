import { spawn } from 'node:child_process';
import { root } from './root.mjs';

/** Lines of vitest's and Playwright's own summaries, repeated in the final report. */
export const VITEST_SUMMARY = /^\s*(Test Files|Tests|Errors)\s{2,}\S/;
export const PLAYWRIGHT_SUMMARY = /^\s*\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/;

const ANSI = /\u001b\[[0-9;]*m/g;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one command, streaming its output and keeping a copy to pick summary lines from. */
function run(command, env) {
  return new Promise((resolve) => {
    const [file, ...args] = command;
    const child = spawn(file, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      // Output is piped, so colours must be asked for when the terminal has them.
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    child.on('error', (err) => resolve({ code: 1, output: `${output}\n${err.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/**
 * Runs the steps in order and stops at the first failure. A step is
 * { name, command: [file, ...args], env?, summary?: RegExp } or { name, skip: 'why' }.
 * Ends with one line per step (time taken, plus the tool's summary lines) and exits.
 */
export async function runSteps(title, steps) {
  const started = Date.now();
  const report = [];
  let failed = null;
  for (const step of steps) {
    if (failed) {
      report.push(`  -  ${step.name}: not run`);
      continue;
    }
    if (step.skip) {
      report.push(`  -  ${step.name}: skipped (${step.skip})`);
      continue;
    }
    console.info(`\n▶ ${step.name}: ${step.command.join(' ')}\n`);
    const stepStarted = Date.now();
    const { code, output } = await run(step.command, step.env);
    const ok = code === 0;
    report.push(`  ${ok ? '✔' : '✘'}  ${step.name.padEnd(28)} ${seconds(Date.now() - stepStarted).padStart(8)}${ok ? '' : '  FAILED'}`);
    if (step.summary) {
      for (const line of output.replace(ANSI, '').split('\n')) {
        if (step.summary.test(line)) report.push(`       ${line.trim()}`);
      }
    }
    if (!ok) failed = { step, code };
  }
  console.info(`\n── ${title} ${'─'.repeat(Math.max(3, 60 - title.length))}`);
  console.info(report.join('\n'));
  if (failed) {
    console.error(`\n${title} FAILED at "${failed.step.name}" after ${seconds(Date.now() - started)}.`);
    process.exit(failed.code || 1);
  }
  console.info(`\n${title} passed in ${seconds(Date.now() - started)}.`);
}
