// A real IMAP server for tests: Debian's dovecot (apt-get install dovecot-imapd) started on a free loopback port
// with its own config, passwd-file and maildir storage in a temp dir, and removed again by stop(). Messages are
// put in a mailbox by writing maildir files (what a delivery agent does): dovecot assigns UIDs when it next looks,
// and a client in IDLE hears of them at once (dovecot watches maildir with inotify).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './index';

export const DOVECOT_BINARY = '/usr/sbin/dovecot';

export interface ImapServer {
  host: string;
  port: number;
  /** Adds a login (also the mailbox name); takes effect at once. */
  addUser(name: string, password: string): Promise<void>;
  /** Puts one message in the user's INBOX; `date` sets its internal date (default now). */
  append(user: string, raw: Buffer | string, date?: Date): Promise<void>;
  /** Many messages at once (files written in parallel batches: far faster than IMAP APPENDs). */
  appendMany(user: string, raws: Array<Buffer | string>, date?: Date): Promise<void>;
  /** dovecot's log so far (for a failing test's message). */
  log(): Promise<string>;
  stop(): Promise<void>;
}

function configText(dir: string, port: number, uid: number, gid: number): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = ${uid}
first_valid_gid = ${gid}
mail_uid = ${uid}
mail_gid = ${gid}
mail_location = maildir:${dir}/mail/%u
mailbox_idle_check_interval = 1 secs
auth_failure_delay = 0
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
protocol imap {
  mail_max_userip_connections = 200
}
`;
}

async function waitForGreeting(port: number, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(1_000);
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    if (exited() || Date.now() > deadline) throw new Error(`dovecot did not start listening on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** dovecot never runs mail processes as root: under root, the mailboxes belong to Debian's `mail` user. */
async function mailOwner(): Promise<{ uid: number; gid: number }> {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? 0 };
  const line = (await readFile('/etc/passwd', 'utf8')).split('\n').find((entry) => entry.startsWith('mail:'));
  const [, , mailUid, mailGid] = line?.split(':') ?? [];
  if (!mailUid || !mailGid) throw new Error('The IMAP test server runs as root and needs the `mail` user in /etc/passwd');
  return { uid: Number(mailUid), gid: Number(mailGid) };
}

export async function startImapServer(): Promise<ImapServer> {
  if (!existsSync(DOVECOT_BINARY)) {
    throw new Error(`The IMAP test server needs dovecot: apt-get install dovecot-imapd (${DOVECOT_BINARY} not found)`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'mw-dovecot-'));
  await Promise.all(['run', 'state', 'mail'].map((sub) => mkdir(join(dir, sub))));
  // dovecot's auth process runs as the unprivileged `dovecot` user: it must reach the passwd-file (test logins only).
  await chmod(dir, 0o755);
  await writeFile(join(dir, 'passwd'), '', { mode: 0o644 });
  const port = await freePort();
  const { uid, gid } = await mailOwner();
  await chown(join(dir, 'mail'), uid, gid);
  await writeFile(join(dir, 'dovecot.conf'), configText(dir, port, uid, gid));

  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));
  try {
    await waitForGreeting(port, 10_000, () => exited);
  } catch (error) {
    child.kill('SIGKILL');
    const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${output}\n${log}`);
  }

  const maildirs = new Set<string>();
  const inboxOf = async (user: string): Promise<string> => {
    const inbox = join(dir, 'mail', user);
    if (!maildirs.has(user)) {
      await mkdir(inbox, { recursive: true });
      await chown(inbox, uid, gid);
      await Promise.all(
        ['cur', 'new', 'tmp'].map(async (sub) => {
          await mkdir(join(inbox, sub), { recursive: true });
          await chown(join(inbox, sub), uid, gid);
        }),
      );
      maildirs.add(user);
    }
    return inbox;
  };
  let sequence = 0;
  const writeMessage = async (inbox: string, raw: Buffer | string, date: Date | undefined): Promise<void> => {
    sequence += 1;
    const name = `${Date.now()}.M${sequence}P${process.pid}R${randomBytes(4).toString('hex')}.mailwright-test`;
    const temporary = join(inbox, 'tmp', name);
    await writeFile(temporary, typeof raw === 'string' ? raw.replace(/\r?\n/g, '\r\n') : raw);
    await chown(temporary, uid, gid);
    if (date) await utimes(temporary, date, date);
    await rename(temporary, join(inbox, 'new', name));
  };

  return {
    host: '127.0.0.1',
    port,
    async addUser(name, password) {
      await inboxOf(name);
      await appendFile(join(dir, 'passwd'), `${name}:{PLAIN}${password}::::::\n`);
    },
    async append(user, raw, date) {
      await writeMessage(await inboxOf(user), raw, date);
    },
    async appendMany(user, raws, date) {
      const inbox = await inboxOf(user);
      for (let i = 0; i < raws.length; i += 200) {
        await Promise.all(raws.slice(i, i + 200).map((raw) => writeMessage(inbox, raw, date)));
      }
    },
    log: () => readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => ''),
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await exit;
        clearTimeout(killer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
