import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../../server/signin/Mailer.js';

/** A minimal SMTP server on 127.0.0.1 that accepts every message and keeps its DATA. */
async function smtpSink(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        end = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, messages };
}

describe('SmtpMailer', () => {
  let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;

  afterEach(async () => {
    await new Promise((resolve) => (sink ? sink.server.close(resolve) : resolve(undefined)));
    sink = undefined;
  });

  it('sends through SMTP, its transport made with the first message and kept for the next', async () => {
    sink = await smtpSink();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${sink.port}`, 'Boards <boards@example.com>');
    await mailer.send({ to: 'ana@example.com', subject: 'Your code', text: 'It is 123456.', headers: { 'List-Unsubscribe': '<https://boards.example.com/u>' } });
    await mailer.send({ to: 'ben@example.com', subject: 'Second', text: 'Again.' });
    expect(sink.messages).toHaveLength(2);
    expect(sink.messages[0]).toContain('Subject: Your code');
    expect(sink.messages[0]).toContain('To: ana@example.com');
    expect(sink.messages[0]).toContain('List-Unsubscribe: <https://boards.example.com/u>');
    expect(sink.messages[0]).toContain('It is 123456.');
    expect(sink.messages[1]).toContain('To: ben@example.com');
  });

  it('a server that does not answer fails the send, not the construction', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'boards@example.com');
    await expect(mailer.send({ to: 'ana@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
