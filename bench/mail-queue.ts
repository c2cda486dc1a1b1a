/**
 * The mail queue (issue 5): 1,000 messages through the transactional outbox to a real SMTP server in this
 * process (`smtp-server`), measuring throughput and the latency from the enqueueing commit to the SMTP
 * server accepting the message. Mid-run the delivery worker is stopped and a new one started (and a second
 * worker runs beside it for a while, as a second service instance would), and every outbox message must
 * arrive exactly once: counted by the unique Message-IDs the SMTP server received.
 *
 * `runMailQueueBench(options)` returns the raw figures; `run(ctx)` returns them as `Figure`s for
 * scripts/bench.mjs (through bench/run-one.ts).
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../server/config.ts';
import { openPglite, openPostgres, quoteIdent, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createLogger } from '../server/http/logger.ts';
import { startDeliveryWorker, type DeliveryWorker } from '../server/modules/mail/delivery-worker.ts';
import { countUnsentMail, enqueueMail } from '../server/modules/mail/outbox-repository.ts';
import type { Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';

export interface MailQueueBenchOptions {
  /** Messages to enqueue; 1,000 by default. */
  messages?: number;
  /** Enqueue transactions in flight at once; 8 by default. */
  concurrency?: number;
  /** A real PostgreSQL server (a throwaway schema is created and dropped); embedded PGlite when absent. */
  databaseUrl?: string | undefined;
  /** Give up waiting for deliveries after this long; 120 s by default. */
  timeoutMs?: number;
}

export interface MailQueueBenchResult {
  driver: 'pglite' | 'postgres';
  messages: number;
  /** Messages the SMTP server accepted (duplicates included). */
  received: number;
  /** Distinct outbox Message-IDs among them. */
  uniqueMessageIds: number;
  lost: number;
  duplicated: number;
  /** Outbox rows still not `sent` at the end. */
  notSent: number;
  /** Worker restarts performed during the run. */
  workerRestarts: number;
  /** From the first enqueue to the last acceptance. */
  elapsedMs: number;
  /** Messages accepted by SMTP per second over `elapsedMs`. */
  throughputPerSecond: number;
  /** Enqueue commit -> accepted by the SMTP server. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;
const system = { role: 'freight_system', companyId: null } as const;
const MESSAGE_ID = /^Message-ID:\s*<([0-9a-f-]{36})@freight-desk\.outbox>/im;

async function openBenchDatabase(databaseUrl: string | undefined): Promise<{ db: Database; drop(): Promise<void> }> {
  if (!databaseUrl) {
    const db = await openPglite(undefined);
    return { db, drop: () => db.close() };
  }
  const schema = `bench_mail_queue_${process.pid}_${Date.now().toString(36)}`;
  const db = await openPostgres({ connectionString: databaseUrl, schema, poolSize: 10 });
  return {
    db,
    async drop() {
      await db
        .owner()
        .query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`)
        .catch(() => undefined);
      await db.close();
    },
  };
}

export async function runMailQueueBench(options: MailQueueBenchOptions = {}): Promise<MailQueueBenchResult> {
  const total = options.messages ?? 1000;
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.timeoutMs ?? 120_000;

  const acceptedAt = new Map<string, number>();
  let received = 0;
  let lastAcceptedAt = 0;
  let allArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const at = performance.now();
        const id = MESSAGE_ID.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
        received += 1;
        lastAcceptedAt = at;
        if (id && !acceptedAt.has(id)) acceptedAt.set(id, at);
        if (acceptedAt.size >= total) allArrived();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  const { db, drop } = await openBenchDatabase(options.databaseUrl);
  const workers: DeliveryWorker[] = [];
  try {
    await migrate(db);
    const config = {
      ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
    };
    const deps = { db, config, now: () => new Date() };
    const log = createLogger('silent') as unknown as FastifyBaseLogger;
    const start = () => startDeliveryWorker(deps, log, { pollMs: 1_000 });

    let primary = await start();
    workers.push(primary);
    let second: DeliveryWorker | undefined;
    let workerRestarts = 0;

    const committedAt = new Map<string, number>();
    let next = 0;
    const began = performance.now();
    const enqueueOne = async (n: number) => {
      const id = await db.transaction(system, (tx) =>
        enqueueMail(tx, {
          companyId: null,
          to: [`bench-${n % 50}@example.test`],
          subject: `Bench message ${n}`,
          text: `Message ${n} of the mail queue benchmark.`,
          html: `<p>Message <b>${n}</b> of the mail queue benchmark.</p>`,
          kind: 'bench',
        }),
      );
      committedAt.set(id, performance.now());
    };
    const lanes = Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const n = next;
        next += 1;
        // A second instance joins at a quarter; the first one is replaced at half; the second leaves at 3/4.
        if (n === Math.floor(total / 4)) {
          second = await start();
          workers.push(second);
        }
        if (n === Math.floor(total / 2)) {
          await primary.stop();
          primary = await start();
          workers.push(primary);
          workerRestarts += 1;
        }
        if (n === Math.floor((3 * total) / 4) && second) {
          await second.stop();
          second = undefined;
        }
        await enqueueOne(n);
      }
    });
    await Promise.all(lanes);

    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      arrived,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    // Late duplicates would arrive within a delivery round trip; give them the chance to show.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const notSent = await db.transaction(system, countUnsentMail);
    const latencies = [...committedAt]
      .map(([id, at]) => (acceptedAt.has(id) ? acceptedAt.get(id)! - at : undefined))
      .filter((n): n is number => n !== undefined)
      .sort((a, b) => a - b);
    const ours = [...committedAt.keys()].filter((id) => acceptedAt.has(id)).length;
    const elapsedMs = lastAcceptedAt - began;
    return {
      driver: db.driver,
      messages: total,
      received,
      uniqueMessageIds: acceptedAt.size,
      lost: total - ours,
      duplicated: received - acceptedAt.size,
      notSent,
      workerRestarts,
      elapsedMs: round(elapsedMs),
      throughputPerSecond: round((acceptedAt.size / elapsedMs) * 1000),
      latencyP50Ms: round(percentile(latencies, 50)),
      latencyP99Ms: round(percentile(latencies, 99)),
      latencyMaxMs: round(latencies[latencies.length - 1] ?? NaN),
    };
  } finally {
    await Promise.allSettled(workers.map((w) => w.stop()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await drop();
  }
}

/** For bench/run-one.ts: the figures of one run on the embedded database (`BENCH_MAIL_DATABASE_URL` for PostgreSQL). */
export async function run(_ctx: BenchContext): Promise<Figure[]> {
  const result = await runMailQueueBench({ databaseUrl: process.env.BENCH_MAIL_DATABASE_URL || undefined });
  const method = `${result.messages} messages enqueued through the outbox (${result.driver}) to an in-process SMTP server; worker replaced mid-run and a second worker running for the middle half`;
  const exact = result.lost === 0 && result.duplicated === 0 && result.notSent === 0;
  return [
    {
      id: 'mail-queue.throughput',
      title: 'Mail queue throughput (accepted by SMTP)',
      value: result.throughputPerSecond,
      unit: 'messages/s',
      method,
    },
    {
      id: 'mail-queue.latency-p99',
      title: 'Mail queue p99 latency, enqueue commit to accepted by SMTP',
      value: result.latencyP99Ms,
      unit: 'ms',
      method,
      notes: [`p50 ${result.latencyP50Ms} ms, max ${result.latencyMaxMs} ms, elapsed ${result.elapsedMs} ms`],
    },
    {
      id: 'mail-queue.exactly-once',
      title: 'Mail queue: none lost, none duplicated across a worker restart',
      value: exact ? 'yes' : 'no',
      unit: '',
      method,
      target: '0 lost, 0 duplicated',
      pass: exact,
      notes: [
        `received ${result.received}, unique Message-IDs ${result.uniqueMessageIds}, lost ${result.lost}, duplicated ${result.duplicated}, not sent ${result.notSent}, restarts ${result.workerRestarts}`,
      ],
    },
  ];
}
