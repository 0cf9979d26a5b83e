import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { LocalStackError } from './dynamodb-local.js';
import { freePort } from './free-port.js';

const require = createRequire(import.meta.url);

/** Where the local inbox is served on the stack's port (never deployed). */
export const mailBasePath = '/_mail';

/** The sending address of the local stack (any address works: MailDev keeps every message). */
export const localMailFrom = 'no-reply@btp-gestion.localhost';

export interface MailLocal {
  /** The SMTP port on 127.0.0.1 the functions send to. */
  smtpPort: number;
  /** MailDev's web and REST server on 127.0.0.1, already under {@link mailBasePath}. */
  webPort: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts MailDev (SMTP server + web inbox + REST API) as a child process on two free ports of
 * 127.0.0.1, keeping the messages under `directory` (so they survive a restart), and waits until
 * its web server answers. A child rather than in this process: MailDev's modules are singletons and
 * its entry point exits the process on SIGINT, which would cut the stack's own shutdown short.
 */
export async function startMailLocal(options: { directory: string; logFile?: string }): Promise<MailLocal> {
  mkdirSync(options.directory, { recursive: true });
  const smtpPort = await freePort();
  const webPort = await freePort();
  const bin = join(dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
  const child = spawn(
    process.execPath,
    [
      bin,
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--base-pathname',
      mailBasePath,
      '--mail-directory',
      options.directory,
      '--silent',
    ],
    // MailDev reads MAILDEV_* variables as defaults: only the arguments above count.
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('MAILDEV_'))),
    },
  );
  if (options.logFile) {
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  } else {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited || child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited)
      throw new LocalStackError("Le serveur d'e-mails local (MailDev) s'est arrêté pendant son démarrage.");
    if ((await healthy(webPort)) && (await smtpAnswers(smtpPort))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new LocalStackError("Le serveur d'e-mails local (MailDev) n'a pas répondu en 30 secondes.");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { smtpPort, webPort, process: child, stop };
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: `${mailBasePath}/healthz`, method: 'GET', timeout: 1_000 },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

function smtpAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('data', (chunk) => {
      socket.end('QUIT\r\n');
      resolve(chunk.toString('latin1').startsWith('220'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Whether a request path belongs to the local inbox (`/_mail`, `/_mail/…`). */
export function isMailPath(path: string): boolean {
  return path === mailBasePath || path.startsWith(`${mailBasePath}/`);
}

/**
 * Forwards a request under `/_mail` to MailDev's web server as it came (method, path, query,
 * headers, body), and its answer back. `/_mail` alone is redirected to `/_mail/` (the inbox's
 * relative links need the slash).
 */
export function proxyMail(
  webPort: number,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = request.url ?? '/';
  if (new URL(url, 'http://localhost').pathname === mailBasePath) {
    response.writeHead(301, { location: `${mailBasePath}/`, 'cache-control': 'no-store' });
    response.end();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: webPort,
        method: request.method,
        path: url,
        headers: { ...request.headers, host: `127.0.0.1:${webPort}` },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('end', () => resolve());
        answer.on('error', () => resolve());
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      }
      response.end("Le serveur d'e-mails local ne répond pas.");
      resolve();
    });
    request.pipe(upstream);
  });
}

/**
 * Forwards a WebSocket upgrade under `/_mail` (the inbox's live updates, socket.io) to MailDev as a
 * raw TCP tunnel: the request line and headers are replayed, then bytes flow both ways.
 */
export function proxyMailUpgrade(
  webPort: number,
  request: IncomingMessage,
  socket: Socket,
  head: Buffer,
): void {
  const upstream = connect({ host: '127.0.0.1', port: webPort }, () => {
    const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
}
