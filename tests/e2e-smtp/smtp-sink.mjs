// A real SMTP server for the SMTP end-to-end run: it accepts every message on SMTP_SINK_PORT
// (default 2525) and lists what it received, raw, on an HTTP port (default 2580) for the specs.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2525);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2580);
const received = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

const web = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url === '/health') return res.end('{"ok":true}');
  if (req.url === '/messages') return res.end(JSON.stringify({ data: received }));
  res.statusCode = 404;
  res.end('{"code":"NOT_FOUND"}');
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  web.listen(httpPort, '127.0.0.1', () =>
    console.log(`SMTP sink on ${smtpPort}, messages on http://127.0.0.1:${httpPort}/messages`),
  );
});

const stop = () => smtp.close(() => web.close(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
