/**
 * iamserver: notifications (docs/api.md section 8). Owns the instance's one LISTEN on the `notifications`
 * channel (started when the service is ready, stopped when it closes), the live streams it fans out to,
 * the optional Realtime Database mirror and the daily plan-expiry timer.
 */
import type { ServiceModule } from '../../http/build-service-app.ts';
import { createFirebaseMirror, type NotificationMirror } from './firebase-mirror.ts';
import { createNotificationHub } from './notification-hub.ts';
import { claimNotificationMirror } from './notification-repository.ts';
import { registerNotificationRoutes } from './notification-routes.ts';
import { notifyExpiringPlans, PLAN_EXPIRY_CHECK_MS } from './plan-expiry-notice.ts';

export interface NotificationsModuleOptions {
  /** Run the plan-expiry timer; by default everywhere except `NODE_ENV=test` (tests call `notifyExpiringPlans`). */
  planExpiryTimer?: boolean;
  /** Heartbeat comment interval of the live stream (default 20 s). */
  heartbeatMs?: number;
  /** Replaces the Realtime Database mirror built from `FIREBASE_DATABASE_URL` (tests). */
  mirror?: NotificationMirror;
}

export function createNotificationsModule(options: NotificationsModuleOptions = {}): ServiceModule {
  return async (app, deps) => {
    const mirror = options.mirror ?? createFirebaseMirror(deps.config);
    const hub = createNotificationHub({
      db: deps.db,
      log: app.log,
      heartbeatMs: options.heartbeatMs,
      // Every instance hears every NOTIFY; the claim in the database lets exactly one of them copy it.
      onMessage: mirror
        ? (message) => {
            if (message.type !== 'created') return;
            void deps.db
              .transaction({ role: 'freight_app', companyId: message.companyId }, (tx) =>
                claimNotificationMirror(tx, message.id, deps.now()),
              )
              .then((item) => (item ? mirror.publish(item) : undefined))
              .catch((error: unknown) => {
                app.log.warn({ err: error }, 'could not mirror a notification to the realtime database');
              });
          }
        : undefined,
    });

    let timer: NodeJS.Timeout | undefined;
    const runPlanExpiry = () => {
      notifyExpiringPlans(deps, deps.now()).catch((error: unknown) => {
        app.log.error({ err: error }, 'plan-expiry notices failed');
      });
    };

    app.addHook('onReady', async () => {
      await hub.start();
      if (options.planExpiryTimer ?? deps.config.nodeEnv !== 'test') {
        runPlanExpiry();
        timer = setInterval(runPlanExpiry, PLAN_EXPIRY_CHECK_MS);
        timer.unref();
      }
    });
    // Open streams would keep `server.close()` waiting forever: end them before it waits.
    app.addHook('preClose', async () => {
      hub.closeAll();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await hub.stop();
      await mirror?.close();
    });

    await registerNotificationRoutes(app, deps, { hub, mirror });
  };
}

export const notificationsModule = createNotificationsModule();
