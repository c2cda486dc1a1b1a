/** docs/product-rules.md section 9, error reporting. */
export const SENTRY_SAMPLING = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

/** docs/product-rules.md section 9, replay defaults: nothing a user types or reads leaves the browser. */
export const REPLAY_OPTIONS = { maskAllText: true, maskAllInputs: true, blockAllMedia: true } as const;

export interface SentrySettings {
  dsn: string;
  environment: string;
  release?: string;
  tracesSampleRate?: number;
  replaysSessionSampleRate?: number;
  replaysOnErrorSampleRate?: number;
}

export interface SentryPlan {
  /** What goes to `Sentry.init` (integrations are added by the loader). */
  init: {
    dsn: string;
    environment: string;
    release?: string;
    tracesSampleRate: number;
    replaysSessionSampleRate?: number;
    replaysOnErrorSampleRate?: number;
  };
  /** Replay options, or undefined when neither replay rate is set (then no replay code is fetched at all). */
  replay: typeof REPLAY_OPTIONS | undefined;
}

/** The Sentry set-up for `settings`: tracing always, replay only if either replay rate is set. */
export function sentryPlan(settings: SentrySettings): SentryPlan {
  const { replaysSessionSampleRate, replaysOnErrorSampleRate } = settings;
  const replayOn = replaysSessionSampleRate !== undefined || replaysOnErrorSampleRate !== undefined;
  return {
    init: {
      dsn: settings.dsn,
      environment: settings.environment,
      ...(settings.release ? { release: settings.release } : {}),
      tracesSampleRate: settings.tracesSampleRate ?? SENTRY_SAMPLING.tracesSampleRate,
      ...(replayOn ? { replaysSessionSampleRate, replaysOnErrorSampleRate } : {}),
    },
    replay: replayOn ? REPLAY_OPTIONS : undefined,
  };
}
