/**
 * `npm run admin:password -- [username]`: sets a login password (default user: ADMIN_USERNAME) and ends that
 * member's sessions. The new password is read from standard input: typed twice (not echoed) at a terminal, or
 * the first line of a pipe (`printf '%s\n' "$PW" | npm run admin:password -- admin`).
 * Exit 0: changed; 1: refused (no such user, too weak, the default password); 2: could not run.
 */
import readline from 'node:readline';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { passwordProblem, resetPassword } from '../src/modules/user/index.ts';

const HELP = `Usage: npm run admin:password -- [username]

Sets the login password of [username] (default: ADMIN_USERNAME, "admin") and logs that member out
everywhere. Reads the new password from standard input: asked twice at a terminal, or the first line of
a pipe. At least 12 characters, not a common or guessable password; the default password is refused.

Opens the database the way the server does: DATABASE_URL (PostgreSQL) if set, otherwise PGlite under
DATA_DIR (default ./data). With PGlite, stop the server first: one process per data directory.`;

/** Reads one line; at a terminal the typed characters are not echoed. */
const ask = (rl: readline.Interface, prompt: string, hidden: boolean) =>
  new Promise<string>((resolve) => {
    const out = rl as unknown as { _writeToOutput?: (s: string) => void; output: NodeJS.WritableStream };
    if (hidden) out._writeToOutput = (s: string) => s.includes(prompt) && out.output.write(s);
    rl.question(prompt, (answer) => {
      if (hidden) out.output.write('\n');
      resolve(answer);
    });
  });

const readPassword = async (): Promise<string | null> => {
  const tty = Boolean(process.stdin.isTTY);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  try {
    if (!tty) {
      for await (const line of rl) return line;
      return null;
    }
    const first = await ask(rl, 'New password: ', true);
    const second = await ask(rl, 'Again: ', true);
    if (first !== second) {
      console.error('The two passwords differ.');
      return null;
    }
    return first;
  } finally {
    rl.close();
  }
};

const main = async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const config = loadConfig();
  const username = args[0] ?? config.ADMIN_USERNAME;
  const password = await readPassword();
  if (password === null) return 1;
  // Held to the staff rule whoever it is for: this command is how operators set administrators' passwords.
  const problem = passwordProblem(password, { staff: true, inputs: [username] });
  if (problem) {
    console.error(
      problem.reason === 'tooShort'
        ? `Refused: the password needs at least ${problem.minLength} characters.`
        : 'Refused: the password is too common or too easy to guess (docs/security.md, "Passwords").',
    );
    return 1;
  }
  if (password === DEFAULT_ADMIN_PASSWORD) {
    console.error('Refused: that is the default password.');
    return 1;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (!(await resetPassword(database.db, username, password))) {
      console.error(`Refused: no user named "${username}".`);
      return 1;
    }
    console.log(`The password of "${username}" is set; their sessions have ended.`);
    return 0;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
