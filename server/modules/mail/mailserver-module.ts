/**
 * The mailserver's mail infrastructure: the outbox delivery worker, started and stopped with the service,
 * and the development-only local mailbox `GET /dev/mailbox?to=` (docs/api.md section 4), which does not
 * exist at all when `SMTP_URL` is set or `NODE_ENV=production`. It holds password-reset and invitation
 * links, so it answers callers on this machine only (loopback), whatever address the service listens on:
 * anyone else gets 404, as if it did not exist, before the query is even read.
 */
import { z } from 'zod';
import type { ServerConfig } from '../../config.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { isLoopbackAddress } from '../../http/loopback-address.ts';
import { startDeliveryWorker, type DeliveryWorker } from './delivery-worker.ts';
import { listLocalMail } from './local-mailbox-repository.ts';

export interface MailserverModuleOptions {
  /** Run the delivery worker; by default everywhere except `NODE_ENV=test` (tests call `deliverPending`). */
  startWorker?: boolean;
}

/** The local mailbox exists only in the embedded development setup. */
export function localMailboxEnabled(config: Pick<ServerConfig, 'smtpUrl' | 'nodeEnv'>): boolean {
  return !config.smtpUrl && config.nodeEnv !== 'production';
}

const mailboxEntry = z.object({
  to: z.string(),
  toAddresses: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

export function createMailserverModule(options: MailserverModuleOptions = {}): ServiceModule {
  return async (app, deps) => {
    const startWorker = options.startWorker ?? deps.config.nodeEnv !== 'test';
    if (startWorker) {
      let worker: DeliveryWorker | undefined;
      app.addHook('onReady', async () => {
        worker = await startDeliveryWorker(deps, app.log);
      });
      app.addHook('onClose', async () => {
        await worker?.stop();
      });
    }

    if (localMailboxEnabled(deps.config)) {
      app.get(
        '/dev/mailbox',
        {
          schema: {
            summary: 'Development only: the messages the local mailbox holds for an address, newest first',
            querystring: z.strictObject({ to: z.email().max(254) }),
            response: { 200: z.object({ data: z.array(mailboxEntry) }) },
          },
          onRequest: async (req, reply) => {
            if (!isLoopbackAddress(req.socket.remoteAddress)) return reply.callNotFound();
          },
        },
        async (req) => {
          const data = await deps.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
            listLocalMail(tx, req.query.to),
          );
          return { data };
        },
      );
    }
  };
}

export const mailserverModule = createMailserverModule();
