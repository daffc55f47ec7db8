import readline from 'node:readline';
import type { ReadStream } from 'node:tty';

/** A password could not be read: the CLI prints the message on one line and exits non-zero. */
export class PasswordInputError extends Error {}

const NOTHING_READ =
  'Aucun mot de passe reçu : tape-le à l’invite, envoie-le sur l’entrée standard ou passe --password.';

/**
 * The password of a user command given without `--password`, so it stays out of the shell history
 * and the process list: typed twice at a hidden prompt on a terminal, or the first line of standard
 * input when it is piped (`printf '%s\n' "$MOT" | npm run cli -- user add …`).
 */
export async function readPassword(
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  const terminal = (input as Partial<ReadStream>).isTTY ? (input as ReadStream) : undefined;
  if (!terminal) {
    const password = await firstLine(input);
    if (!password) throw new PasswordInputError(NOTHING_READ);
    return password;
  }
  const password = await hiddenPrompt('Mot de passe : ', terminal, output);
  if (!password) throw new PasswordInputError(NOTHING_READ);
  if ((await hiddenPrompt('Encore une fois : ', terminal, output)) !== password) {
    throw new PasswordInputError('Les deux saisies ne correspondent pas : rien n’a changé.');
  }
  return password;
}

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Reads one line from the terminal without echoing it; Ctrl+C stops the command. */
function hiddenPrompt(question: string, input: ReadStream, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    output.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    let typed = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new PasswordInputError('Interrompu : rien n’a changé.'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}
