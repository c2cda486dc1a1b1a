/**
 * A tiny NProgress-like progress model (the constants are docs/product-rules.md section 9's, NProgress 0.1's defaults).
 * Pure state with injected timers and randomness, so the trickle can be tested without a browser; the
 * React bar (route-progress-bar.tsx) only renders `status` and `speed`.
 */
export const PROGRESS_SETTINGS = {
  /** Where a started bar begins. */
  minimum: 0.08,
  /** Width and fade transition, in ms. */
  speed: 200,
  /** Each trickle adds up to this much (times a random factor). */
  trickleRate: 0.02,
  /** Time between trickles, in ms. */
  trickleSpeed: 800,
} as const;

/** The bar never reaches 1 on its own: only `done` completes it. */
const TRICKLE_CEILING = 0.994;

export interface ProgressState {
  /** 0..1 while running, null when hidden. */
  status: number | null;
  /** True while the completed bar fades out. */
  fading: boolean;
}

export interface ProgressClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: ProgressClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

export class RouteProgress {
  private state: ProgressState = { status: null, fading: false };
  private trickleTimer: unknown;
  private hideTimers: unknown[] = [];

  constructor(
    private readonly onChange: (state: ProgressState) => void,
    private readonly clock: ProgressClock = browserClock,
    private readonly random: () => number = Math.random,
  ) {}

  get current(): ProgressState {
    return this.state;
  }

  /** Shows the bar at `minimum` (unless already running) and starts trickling. */
  start(): void {
    this.cancelHide();
    if (this.state.status === null || this.state.fading) this.set(0);
    this.scheduleTrickle();
  }

  /** Moves the bar by `amount`, or by NProgress's shrinking random step when none is given. */
  inc(amount?: number): void {
    const n = this.state.status;
    if (n === null) return this.start();
    const step = amount ?? (1 - n) * clamp(this.random() * n, 0.1, 0.95);
    this.set(clamp(n + step, 0, TRICKLE_CEILING));
  }

  /** Completes the bar, then fades and hides it after `speed` ms each. */
  done(): void {
    if (this.state.status === null) return;
    this.clock.clearTimeout(this.trickleTimer);
    this.trickleTimer = undefined;
    this.set(1);
  }

  dispose(): void {
    this.clock.clearTimeout(this.trickleTimer);
    this.cancelHide();
  }

  private set(n: number): void {
    const status = clamp(n, PROGRESS_SETTINGS.minimum, 1);
    this.emit({ status, fading: false });
    if (status === 1) {
      this.hideTimers.push(
        this.clock.setTimeout(() => {
          this.emit({ status: 1, fading: true });
          this.hideTimers.push(
            this.clock.setTimeout(() => this.emit({ status: null, fading: false }), PROGRESS_SETTINGS.speed),
          );
        }, PROGRESS_SETTINGS.speed),
      );
    }
  }

  private scheduleTrickle(): void {
    this.clock.clearTimeout(this.trickleTimer);
    this.trickleTimer = this.clock.setTimeout(() => {
      if (this.state.status === null || this.state.status >= 1) return;
      this.inc(this.random() * PROGRESS_SETTINGS.trickleRate);
      this.scheduleTrickle();
    }, PROGRESS_SETTINGS.trickleSpeed);
  }

  private cancelHide(): void {
    for (const timer of this.hideTimers) this.clock.clearTimeout(timer);
    this.hideTimers = [];
  }

  private emit(state: ProgressState): void {
    this.state = state;
    this.onChange(state);
  }
}
