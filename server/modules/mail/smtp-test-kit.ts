/** An SMTP server in the test's own process, to which the mail workers deliver; any login is accepted. */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One message as the server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Starts the server on a free port; `refuse` decides per message whether to answer 451 (try again later). */
export async function startTestSmtp(refuse: () => boolean = () => false) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'mailer' });
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse()) {
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
