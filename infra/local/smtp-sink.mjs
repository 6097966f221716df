// The mail server of the one-machine production topology (docs/decisions/0077): the API sends through SMTP as in
// production (outbox, background sender, retries), and this sink on 127.0.0.1 accepts every message and keeps it as
// an .eml file in `dir`, delivering nothing. Just enough SMTP for a client without TLS or authentication.
// The messages hold sign-in and password-reset links: each file is the runner's only (0600), in a directory only
// the runner reaches (0700), whatever the umask (docs/decisions/0095).
import { once } from 'node:events';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export async function startSmtpSink({ port, dir, host = '127.0.0.1' }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  let count = 0;
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data = [];
    let recipients = [];
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 dcipher-smtp-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            count += 1;
            const file = join(dir, `${Date.now()}-${process.pid}-${count}.eml`);
            writeFileSync(file, `X-Sink-Recipients: ${recipients.join(', ')}\r\n${data.join('\r\n')}\r\n`, {
              mode: 0o600,
            });
            chmodSync(file, 0o600);
            data = [];
            recipients = [];
            reply('250 2.0.0 kept');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
        } else {
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO') socket.write('250-dcipher-smtp-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
          else if (verb === 'HELO') reply('250 dcipher-smtp-sink');
          else if (verb === 'RCPT') {
            recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          } else if (verb === 'DATA') {
            inData = true;
            reply('354 end with .');
          } else if (verb === 'QUIT') {
            reply('221 bye');
            socket.end();
          } else if (verb === 'RSET') {
            recipients = [];
            reply('250 ok');
          } else reply('250 ok');
        }
        index = buffer.indexOf('\r\n');
      }
    });
    socket.on('error', () => {});
  });
  server.listen(port, host);
  await once(server, 'listening');
  return {
    url: `smtp://${host}:${port}`,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
