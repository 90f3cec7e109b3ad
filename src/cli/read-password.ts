import { readFileSync } from 'node:fs';
import { ModdeskError } from '../domain/errors.js';

/**
 * A password from a file's first line, from standard input when it is not a terminal, or typed at a prompt that
 * shows nothing (twice): never from the command line, where `ps` and the shell's history would keep it.
 */
export async function readPassword(file?: string): Promise<string> {
  if (file) return firstLine(readFileSync(file, 'utf8'));
  if (!process.stdin.isTTY) return firstLine(await readAll());
  const first = await hidden('Password: ');
  const again = await hidden('Again: ');
  if (first !== again) throw new ModdeskError('usage', 'the two passwords differ; nothing was changed');
  return first;
}

function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function hidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          done();
          return resolve(value);
        }
        if (ch === '\u0003' || ch === '\u0004') {
          done();
          return reject(new ModdeskError('usage', 'cancelled; nothing was changed'));
        }
        value = ch === '\u007f' || ch === '\b' ? [...value].slice(0, -1).join('') : value + ch;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}
