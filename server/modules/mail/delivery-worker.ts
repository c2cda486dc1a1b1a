/**
 * Delivers the outbox. Safe with any number of mailserver instances on one database: each claims due rows
 * with `FOR UPDATE SKIP LOCKED` and a lease, and records the outcome only while it still holds the claim.
 *
 * A failed attempt is retried with exponential back-off (5 s, 10 s, 20 s, …); after the sixth the message is
 * `failed`. The worker wakes on `NOTIFY mail_outbox` (sent when a business write that queued mail commits),
 * when the next retry falls due, and on a slow safety poll.
 */
import type { FastifyBaseLogger } from 'fastify';
import { backoffDelay } from '../../../src/shared/backoff.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import { createMailTransport, describeDeliveryError, type MailTransport } from './mail-transport.ts';
import {
  claimDueMail,
  MAIL_OUTBOX_CHANNEL,
  markMailAttemptFailed,
  markMailSent,
  nextMailDueAt,
  type ClaimedMail,
} from './outbox-repository.ts';

export const MAIL_MAX_ATTEMPTS = 6;
export const MAIL_RETRY_BASE_MS = 5_000;
/** How long a claimed message is reserved for its worker; longer than any SMTP time-out. */
export const MAIL_CLAIM_LEASE_MS = 5 * 60_000;
export const MAIL_SAFETY_POLL_MS = 30_000;
const BATCH_SIZE = 10;
/** Batches per run, so that one run does not hold the worker forever when mail keeps arriving. */
const MAX_BATCHES_PER_RUN = 20;

const system = { role: 'freight_system', companyId: null } as const;

/** The wait before attempt `attempt + 1`: 5 s after the first failure, doubling each time (uncapped: six attempts). */
export function retryDelayMs(attempt: number): number {
  return backoffDelay(attempt - 1, { baseMs: MAIL_RETRY_BASE_MS });
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export interface DeliverOptions {
  /** Defaults to a transport for `deps.config`, closed again at the end of the call. */
  transport?: MailTransport;
  log?: FastifyBaseLogger | undefined;
}

async function deliverOne(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  transport: MailTransport,
  mail: ClaimedMail,
  report: DeliveryReport,
  log: FastifyBaseLogger | undefined,
): Promise<void> {
  try {
    await transport.send(mail);
  } catch (error) {
    const description = describeDeliveryError(error, deps.config.smtpUrl);
    const now = deps.now();
    const retryAt = mail.attempt >= MAIL_MAX_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(mail.attempt));
    await deps.db.transaction(system, (tx) => markMailAttemptFailed(tx, mail, { error: description, retryAt, now }));
    if (retryAt) report.retried += 1;
    else report.failed += 1;
    log?.warn(
      { outboxId: mail.id, kind: mail.kind, attempt: mail.attempt, error: description, willRetry: retryAt !== null },
      'mail delivery failed',
    );
    return;
  }
  await deps.db.transaction(system, (tx) => markMailSent(tx, mail, deps.now()));
  report.sent += 1;
  log?.info({ outboxId: mail.id, kind: mail.kind, attempt: mail.attempt, via: transport.kind }, 'mail delivered');
}

/** Delivers every message that is due now; returns what happened. Tests call this directly. */
export async function deliverPending(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  options: DeliverOptions = {},
): Promise<DeliveryReport> {
  const transport = options.transport ?? createMailTransport(deps);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  try {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const now = deps.now();
      const claimed = await deps.db.transaction(system, (tx) =>
        claimDueMail(tx, { now, leaseUntil: new Date(now.getTime() + MAIL_CLAIM_LEASE_MS), limit: BATCH_SIZE }),
      );
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((mail) => deliverOne(deps, transport, mail, report, options.log)));
    }
  } finally {
    if (!options.transport) transport.close();
  }
  return report;
}

export interface DeliveryWorker {
  /** Asks for a run soon (coalesced with one already running). */
  wake(): void;
  /** Stops waking, waits for the run in progress and closes the transport. */
  stop(): Promise<void>;
}

/** Starts the background worker of one mailserver instance. */
export async function startDeliveryWorker(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  log: FastifyBaseLogger,
  options: { pollMs?: number } = {},
): Promise<DeliveryWorker> {
  const pollMs = options.pollMs ?? MAIL_SAFETY_POLL_MS;
  const transport = createMailTransport(deps);
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, Math.max(0, Math.min(delayMs, pollMs)));
    timer.unref();
  };

  async function run(): Promise<void> {
    try {
      await deliverPending(deps, { transport, log });
    } catch (error) {
      // The database is unreachable or similar: try again at the next poll, not in a tight loop.
      log.error({ err: error }, 'mail delivery run failed');
      schedule(pollMs);
      return;
    }
    if (stopped) return;
    try {
      const due = await deps.db.transaction(system, (tx) => nextMailDueAt(tx));
      if (due === 'now') again = true;
      else schedule(due ? due.getTime() - deps.now().getTime() : pollMs);
    } catch {
      schedule(pollMs);
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    running = run().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        wake();
      }
    });
  }

  const unlisten = await deps.db.listen(MAIL_OUTBOX_CHANNEL, () => wake());
  wake();
  log.info({ via: transport.kind }, 'mail delivery worker started');

  return {
    wake,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten().catch(() => undefined);
      await running;
      transport.close();
    },
  };
}
