import fs from 'node:fs';

const SETPRIV = '/usr/bin/setpriv';

/**
 * A command that dies with this process, even when this process is killed with SIGKILL and cannot stop it: on
 * Linux, util-linux's `setpriv --pdeathsig` asks the kernel to send the child SIGTERM when its parent exits,
 * then execs the command (same pid). Elsewhere, or without setpriv, the command runs directly and only a clean
 * stop ends it.
 */
export const dyingWithParent = (command: string, args: readonly string[]): [string, string[]] =>
  process.platform === 'linux' && fs.existsSync(SETPRIV)
    ? [SETPRIV, ['--pdeathsig', 'TERM', '--', command, ...args]]
    : [command, [...args]];
