/**
 * Chromium driven over `--remote-debugging-pipe` with the DevTools protocol and nothing else: browser
 * contexts, cookies, targets and `Runtime.evaluate`. Unlike Playwright, it never enables the `Network`
 * domain, so no DevTools session records (and slows) the requests being timed. Playwright records every
 * request of the page and, separately, every request of its service worker (`CRServiceWorker` enables
 * network inspection on the worker's session), so a call answered by a worker is recorded twice: a cost
 * that no user's browser pays and that fell on one side of the service-worker comparison only.
 *
 * Pipe protocol: JSON messages separated by NUL bytes; Chromium reads commands on fd 3, writes on fd 4.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS } from './browser-lib.ts';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  method: string;
}

export interface CookieParam {
  name: string;
  value: string;
  domain: string;
  path: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export class CdpBrowser {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private buffer = '';
  private exited = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly userDataDir: string,
    private readonly input: Writable,
  ) {
    const output = child.stdio[4] as Readable;
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.onData(chunk));
    child.once('exit', () => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`Chromium exited during ${p.method}`));
      this.pending.clear();
    });
  }

  static async launch(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<CdpBrowser> {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-cdp-'));
    const child = spawn(
      executablePath,
      ['--headless', '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, ...CHROMIUM_ARGS, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: false },
    );
    const browser = new CdpBrowser(child, userDataDir, child.stdio[3] as Writable);
    await browser.send('Browser.getVersion', {}, undefined, 30_000);
    return browser;
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const raw = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      const message = JSON.parse(raw) as { id?: number; result?: unknown; error?: { message: string } };
      if (message.id === undefined) continue; // events: none are needed
      const pending = this.pending.get(message.id);
      if (!pending) continue;
      this.pending.delete(message.id);
      if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`));
      else pending.resolve(message.result);
    }
  }

  /** One protocol command; `sessionId` addresses an attached target. */
  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
    timeoutMs = 120_000,
  ): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`Chromium has exited (${method})`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        method,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  async version(): Promise<string> {
    const { product } = await this.send<{ product: string }>('Browser.getVersion');
    return product;
  }

  /** A new isolated context (its own cookies, storage and service workers), like an incognito profile. */
  async newContext(): Promise<CdpContext> {
    const { browserContextId } = await this.send<{ browserContextId: string }>('Target.createBrowserContext', {
      disposeOnDetach: true,
    });
    return new CdpContext(this, browserContextId);
  }

  async close(): Promise<void> {
    if (!this.exited) {
      await this.send('Browser.close', {}, undefined, 10_000).catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (this.exited) return resolve();
        const kill = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
        this.child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
      });
    }
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}

export class CdpContext {
  constructor(
    readonly browser: CdpBrowser,
    readonly id: string,
  ) {}

  setCookies(cookies: CookieParam[]): Promise<unknown> {
    return this.browser.send('Storage.setCookies', { cookies, browserContextId: this.id });
  }

  /** Opens `url` in a new tab of this context and attaches to it (no domain is enabled). */
  async newPage(url: string): Promise<CdpPage> {
    const { targetId } = await this.browser.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId: this.id,
    });
    const { sessionId } = await this.browser.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const page = new CdpPage(this.browser, sessionId);
    if (url !== 'about:blank') await page.goto(url);
    return page;
  }
}

export class CdpPage {
  constructor(
    private readonly browser: CdpBrowser,
    private readonly sessionId: string,
  ) {}

  /** Runs `source` before any script of every new document of this tab (e.g. to block a registration). */
  async addInitScript(source: string): Promise<void> {
    // Only applied while the Page domain is on (it reports frame events, never requests).
    await this.browser.send('Page.enable', {}, this.sessionId);
    await this.browser.send('Page.addScriptToEvaluateOnNewDocument', { source }, this.sessionId);
  }

  async goto(url: string): Promise<void> {
    await this.browser.send('Page.navigate', { url }, this.sessionId);
    await this.waitFor('document.readyState === "complete" && location.href !== "about:blank"');
  }

  async reload(): Promise<void> {
    await this.evaluate('void setTimeout(() => location.reload(), 0)');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await this.waitFor('document.readyState === "complete"');
  }

  /** Evaluates an expression in the page (awaiting a promise) and returns its JSON value. */
  async evaluate<T>(expression: string, timeoutMs = 120_000): Promise<T> {
    const answer = await this.browser.send<{
      result: { value?: unknown };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true, timeout: timeoutMs },
      this.sessionId,
      timeoutMs + 5_000,
    );
    if (answer.exceptionDetails) {
      const { text, exception } = answer.exceptionDetails;
      throw new Error(`in the page: ${exception?.description ?? text}`);
    }
    return answer.result.value as T;
  }

  /** Polls `expression` every 50 ms until it is truthy. */
  async waitFor(expression: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ok = await this.evaluate<boolean>(`Boolean(${expression})`).catch(() => false);
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
