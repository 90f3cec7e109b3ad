import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exited } from '../helpers/exited.js';

// A child whose last words reach its stderr pipe after its exit is reported: here they come from a grandchild that
// shares the pipe, which makes deterministic the order a loaded machine produces by chance (Node: "When the 'exit'
// event is triggered, child process stdio streams might still be open").
const LATE_WORDS = `
const { spawn } = require('node:child_process');
spawn(process.execPath, ['-e', 'setTimeout(() => process.stderr.write("refused"), 300)'], {
  stdio: ['ignore', 'ignore', 'inherit'],
}).unref();
process.exit(1);
`;

describe('exited: a child is done when it has exited and its pipes are read', () => {
  it('what reaches stderr after the exit is reported is read before exited resolves', async () => {
    const child = spawn(process.execPath, ['-e', LATE_WORDS], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout.on('data', () => {});
    expect(await exited(child)).toBe(1);
    expect(err).toBe('refused');
  });

  it('a child whose stderr nobody reads is not waited for', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: ['ignore', 'ignore', 'pipe'] });
    expect(await exited(child)).toBe(3);
  });
});
