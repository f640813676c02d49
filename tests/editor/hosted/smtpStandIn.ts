import { createServer, connect, type Socket } from 'node:net';
import type { SmtpSettings } from '../../../scripts/setup/projectConfig.ts';
import type { AddressInfo } from 'node:net';

/**
 * A practice's mail provider on this computer: an SMTP server (RFC 5321, with AUTH PLAIN of RFC 4954) that takes the
 * project's user name and password, as a provider such as Resend or Postmark does over port 587, and keeps what it
 * is given. `refuse` makes it turn the next messages away as a provider does (an unverified sender, a sending limit).
 * `sendBySmtp` is the other side, Supabase Auth's mailer, for the project's stand-in.
 */
export interface SmtpStandIn {
  host: string;
  port: number;
  /** The messages accepted: the envelope, and the message as sent (headers and body, dot-stuffing undone). */
  messages: { from: string; to: string[]; data: string }[];
  /** The reply given to every RCPT TO from now on (e.g. "550 5.7.1 Sender address not verified"); undefined accepts again. */
  refuse(reply: string | undefined): void;
  close(): Promise<void>;
}


export async function startSmtpStandIn(login: { user: string; pass: string }): Promise<SmtpStandIn> {
  const messages: SmtpStandIn['messages'] = [];
  let refusal: string | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const say = (line: string) => socket.write(`${line}\r\n`);
    let authed = false;
    let envelope: { from: string; to: string[] } | undefined;
    let data: string[] | undefined;
    let buffered = '';
    say('220 mail.stand-in ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push({ from: envelope?.from ?? '', to: envelope?.to ?? [], data: data.join('\r\n') });
            data = undefined;
            envelope = undefined;
            say('250 2.0.0 Ok: queued');
          } else data.push(line.startsWith('.') ? line.slice(1) : line);
          continue;
        }
        const [verb = '', ...rest] = line.split(' ');
        const argument = rest.join(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO': say('250-mail.stand-in'); say('250-AUTH PLAIN'); say('250 8BITMIME'); break;
          case 'AUTH': {
            const [mechanism, encoded = ''] = argument.split(' ');
            const [, user, pass] = Buffer.from(encoded, 'base64').toString('utf8').split('\0');
            authed = mechanism.toUpperCase() === 'PLAIN' && user === login.user && pass === login.pass;
            say(authed ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid');
            break;
          }
          case 'MAIL': {
            if (!authed) { say('530 5.7.0 Authentication required'); break; }
            envelope = { from: /<([^>]*)>/.exec(argument)?.[1] ?? '', to: [] };
            say('250 2.1.0 Ok');
            break;
          }
          case 'RCPT': {
            if (!envelope) { say('503 5.5.1 Error: need MAIL command'); break; }
            if (refusal) { say(refusal); break; }
            envelope.to.push(/<([^>]*)>/.exec(argument)?.[1] ?? '');
            say('250 2.1.5 Ok');
            break;
          }
          case 'DATA': {
            if (!envelope?.to.length) { say('503 5.5.1 Error: need RCPT command'); break; }
            data = [];
            say('354 End data with <CR><LF>.<CR><LF>');
            break;
          }
          case 'RSET': envelope = undefined; say('250 2.0.0 Ok'); break;
          case 'NOOP': say('250 2.0.0 Ok'); break;
          case 'QUIT': say('221 2.0.0 Bye'); socket.end(); break;
          default: say('502 5.5.2 Error: command not recognized');
        }
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    messages,
    refuse(reply) { refusal = reply; },
    close: () => new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    }),
  };
}

/** Sends one HTML message as an SMTP client does; throws with the server's reply when a step is refused. */
export async function sendBySmtp(settings: SmtpSettings, message: { to: string; subject: string; html: string }): Promise<void> {
  const socket = connect(settings.port, settings.host);
  socket.setEncoding('utf8');
  let buffered = '';
  const waiting: ((reply: string) => void)[] = [];
  const replies: string[] = [];
  let lines: string[] = [];
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      lines.push(line);
      // A reply of several lines goes on while the code is followed by '-'.
      if (line[3] === '-') continue;
      const reply = lines.join('\n');
      lines = [];
      const next = waiting.shift();
      if (next) next(reply); else replies.push(reply);
    }
  });
  const failed = new Promise<never>((_, reject) => socket.on('error', reject));
  const reply = () => Promise.race([failed, new Promise<string>((done) => { const kept = replies.shift(); if (kept !== undefined) done(kept); else waiting.push(done); })]);
  const step = async (line: string | undefined, expected: string) => {
    if (line !== undefined) socket.write(`${line}\r\n`);
    const answer = await reply();
    if (!answer.startsWith(expected)) throw new Error(`The mail server refused ${line?.split(' ')[0] ?? 'the connection'}: ${answer}`);
  };
  try {
    await step(undefined, '220');
    await step('EHLO auth.stand-in', '250');
    await step(`AUTH PLAIN ${Buffer.from(`\0${settings.user}\0${settings.pass}`).toString('base64')}`, '235');
    await step(`MAIL FROM:<${settings.adminEmail}>`, '250');
    await step(`RCPT TO:<${message.to}>`, '250');
    await step('DATA', '354');
    const subject = `=?UTF-8?B?${Buffer.from(message.subject).toString('base64')}?=`;
    const headers = [`From: "${settings.senderName}" <${settings.adminEmail}>`, `To: <${message.to}>`, `Subject: ${subject}`, 'MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: 8bit'];
    const body = message.html.split(/\r?\n/).map((line) => (line.startsWith('.') ? `.${line}` : line));
    await step(`${[...headers, '', ...body].join('\r\n')}\r\n.`, '250');
    await step('QUIT', '221');
  } finally {
    socket.destroy();
  }
}
