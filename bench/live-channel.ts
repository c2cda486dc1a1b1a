/**
 * The live notification channel at 1,000 connections (issue 5): ops@demo.test opens 1,000 Server-Sent
 * Events streams (`GET /iamserver/api/v1/notifications/stream?ticket=…`, one single-use ticket each, one
 * socket each, keep-alive off); the server's resident memory is read before and after. Then admin@demo.test
 * sends 20 notifications to ops (`POST /notifications`), one per second, and for each the time from the
 * POST's response to the `event: notification` arriving on every one of the 1,000 connections is taken.
 * Figures: p99 of those 20,000 delivery latencies (target ≤ 1 s) and the RSS growth per connection.
 *
 * No browser: runs on the module's shifted ports (PORT_OFFSET) with a temporary DATA_DIR, load to 127.0.0.1.
 */
import http from 'node:http';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  cpuSeconds,
  DEMO_LOGIN,
  ensureBuilt,
  procStatus,
  request,
  round,
  serviceUrl,
  sleep,
  startProduct,
  type Figure,
} from './lib.ts';
import type { BenchContext } from './run-one.ts';

const CONNECTIONS = 1000;
const NOTIFICATIONS = 20;
const INTERVAL_MS = 1000;
/** Ticket + connect in flight at once while opening (a ticket is valid 30 s, so each is used at once). */
const OPEN_CONCURRENCY = 25;
const SETTLE_MS = 3000;
const DELIVERY_DEADLINE_MS = 20_000;
const TARGET_P99_MS = 1000;
const OPS = 'ops@demo.test';

interface Stream {
  req: http.ClientRequest;
  res?: http.IncomingMessage;
  opened: boolean;
  closed: boolean;
}

async function signIn(offset: number, emailId: string): Promise<string> {
  const res = await request(serviceUrl(offset, 'iamserver', '/auth/login'), {
    method: 'POST',
    body: { ...DEMO_LOGIN, emailId },
    timeoutMs: 15_000,
  });
  if (res.status !== 200) throw new Error(`login of ${emailId} failed: ${res.status} ${res.body}`);
  const token = (JSON.parse(res.body) as { data: { accessToken?: string } }).data.accessToken;
  if (!token) throw new Error(`login of ${emailId} returned no access token: ${res.body}`);
  return token;
}

/** Open sockets of a process (entries of /proc/<pid>/fd that are sockets). */
async function socketCount(pid: number): Promise<number> {
  let n = 0;
  for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [] as string[])) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (target.startsWith('socket:')) n++;
  }
  return n;
}

async function openFilesLimit(pid: number | 'self'): Promise<number> {
  const text = await readFile(`/proc/${pid}/limits`, 'utf8');
  return Number(/^Max open files\s+(\d+)/m.exec(text)?.[1] ?? NaN);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const offset = ctx.offset;
  // Each stream is one socket here and one in the server: both processes need > 1,000 descriptors.
  const ownLimit = await openFilesLimit('self');
  if (!(ownLimit >= CONNECTIONS + 500))
    throw new Error(
      `open-files limit ${ownLimit} is too low for ${CONNECTIONS} connections: run the bench from a shell with \`ulimit -n 4096\``,
    );
  await ensureBuilt(offset);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-live-channel-'));
  const streams: Stream[] = [];
  try {
    const product = await startProduct({ offset, env: { DATA_DIR: path.join(tmp, 'pglite'), DATABASE_URL: '' } });
    try {
      const serverLimit = await openFilesLimit(product.pid);
      const admin = await signIn(offset, DEMO_LOGIN.emailId);
      const ops = await signIn(offset, OPS);
      const me = await request(serviceUrl(offset, 'iamserver', '/fetch-user'), {
        headers: { authorization: `Bearer ${ops}` },
      });
      const opsUser = (JSON.parse(me.body) as { data: Array<{ _id?: string; id?: string; emailId?: string }> }).data[0];
      const opsId = opsUser?._id ?? opsUser?.id;
      if (me.status !== 200 || !opsId) throw new Error(`fetch-user for ops: ${me.status} ${me.body.slice(0, 300)}`);

      // Arrival times of each notification (by its title) on each connection.
      const arrivals = Array.from({ length: NOTIFICATIONS }, () => new Float64Array(CONNECTIONS).fill(NaN));
      const arrivedCount = new Array<number>(NOTIFICATIONS).fill(0);
      const unexpected: string[] = [];
      let droppedStreams = 0;
      const TITLE = /^bench live (\d+)$/;

      const open = (index: number, ticket: string) =>
        new Promise<void>((resolve, reject) => {
          const url = `${serviceUrl(offset, 'iamserver', '/notifications/stream')}?ticket=${encodeURIComponent(ticket)}`;
          const stream: Stream = {
            req: http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }),
            opened: false,
            closed: false,
          };
          streams[index] = stream;
          const timer = setTimeout(() => {
            stream.req.destroy();
            reject(new Error(`stream ${index}: no snapshot within 30 s`));
          }, 30_000);
          stream.req.on('error', (error) => {
            clearTimeout(timer);
            if (!stream.opened) reject(error);
          });
          stream.req.on('response', (res) => {
            stream.res = res;
            if (res.statusCode !== 200) {
              clearTimeout(timer);
              res.resume();
              reject(new Error(`stream ${index}: HTTP ${res.statusCode}`));
              return;
            }
            res.setEncoding('utf8');
            let buffer = '';
            res.on('data', (chunk: string) => {
              const now = performance.now();
              buffer += chunk;
              let end: number;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const frame = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                let event = 'message';
                let data = '';
                for (const line of frame.split('\n')) {
                  if (line.startsWith('event: ')) event = line.slice(7);
                  else if (line.startsWith('data: ')) data += line.slice(6);
                }
                if (event === 'snapshot' && !stream.opened) {
                  stream.opened = true;
                  clearTimeout(timer);
                  resolve();
                } else if (event === 'notification') {
                  const title = (JSON.parse(data) as { title?: string }).title ?? '';
                  const m = TITLE.exec(title);
                  const n = m ? Number(m[1]) : -1;
                  if (n >= 0 && n < NOTIFICATIONS && Number.isNaN(arrivals[n]![index]!)) {
                    arrivals[n]![index] = now;
                    arrivedCount[n]!++;
                  } else if (unexpected.length < 10) unexpected.push(`stream ${index}: ${title}`);
                }
              }
            });
            res.on('close', () => {
              if (!stream.closed) droppedStreams++;
              stream.closed = true;
            });
          });
        });

      const ticketUrl = serviceUrl(offset, 'iamserver', '/notifications/stream-ticket');
      const ticketAgent = new http.Agent({ keepAlive: true, maxSockets: OPEN_CONCURRENCY });
      await sleep(SETTLE_MS);
      const before = await procStatus(product.pid);
      const socketsBefore = await socketCount(product.pid);

      const openStarted = performance.now();
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < CONNECTIONS; i = next++) {
          const res = await request(ticketUrl, {
            method: 'POST',
            headers: { authorization: `Bearer ${ops}` },
            agent: ticketAgent,
            timeoutMs: 30_000,
          });
          if (res.status !== 200) throw new Error(`stream-ticket ${i}: ${res.status} ${res.body.slice(0, 300)}`);
          await open(i, (JSON.parse(res.body) as { data: { ticket: string } }).data.ticket);
        }
      };
      await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
      const openMs = performance.now() - openStarted;
      ticketAgent.destroy();
      await sleep(SETTLE_MS);
      const after = await procStatus(product.pid);
      const socketsAfter = await socketCount(product.pid);
      const openCount = streams.filter((s) => s.opened && !s.closed).length;
      if (openCount !== CONNECTIONS) throw new Error(`only ${openCount} of ${CONNECTIONS} streams are open`);

      // 20 notifications admin → ops, one per second (sent on the clock, not after the previous delivery).
      const sendUrl = serviceUrl(offset, 'iamserver', '/notifications');
      const responded = new Array<number>(NOTIFICATIONS).fill(NaN);
      const postMs = new Array<number>(NOTIFICATIONS).fill(NaN);
      const sentAt = new Array<number>(NOTIFICATIONS).fill(NaN);
      const postStatus: number[] = [];
      const cpuBefore = await cpuSeconds(product.pid);
      const sendStarted = performance.now();
      const posts: Promise<void>[] = [];
      for (let n = 0; n < NOTIFICATIONS; n++) {
        const due = sendStarted + n * INTERVAL_MS;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        posts.push(
          (async () => {
            const t = performance.now();
            sentAt[n] = t;
            const res = await request(sendUrl, {
              method: 'POST',
              headers: { authorization: `Bearer ${admin}` },
              body: { title: `bench live ${n}`, body: 'Live channel benchmark', userIds: [opsId] },
              timeoutMs: 30_000,
            });
            responded[n] = performance.now();
            postMs[n] = responded[n]! - t;
            postStatus[n] = res.status;
          })(),
        );
      }
      await Promise.all(posts);
      const deadline = performance.now() + DELIVERY_DEADLINE_MS;
      while (arrivedCount.some((c) => c < CONNECTIONS) && performance.now() < deadline) await sleep(50);
      const cpuUsed = (await cpuSeconds(product.pid)) - cpuBefore;
      const wallUsed = (performance.now() - sendStarted) / 1000;
      const afterSend = await procStatus(product.pid);
      if (postStatus.some((s) => s !== 201)) throw new Error(`POST /notifications answered ${postStatus.join(', ')}`);

      // Latencies: arrival on a connection − the POST's response. A missing arrival counts as infinite.
      const latencies: number[] = [];
      const lastPerNotification: number[] = [];
      let missing = 0;
      for (let n = 0; n < NOTIFICATIONS; n++) {
        let last = -Infinity;
        for (let c = 0; c < CONNECTIONS; c++) {
          const at = arrivals[n]![c]!;
          const l = Number.isNaN(at) ? Infinity : at - responded[n]!;
          if (!Number.isFinite(l)) missing++;
          latencies.push(l);
          last = Math.max(last, l);
        }
        lastPerNotification.push(last);
      }
      latencies.sort((a, b) => a - b);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      const max = latencies[latencies.length - 1]!;
      const earliest = latencies[0]!;
      const growthKb = ((after.rssMb - before.rssMb) * 1024) / CONNECTIONS;
      const droppedDuringRun = droppedStreams;
      // The same deliveries counted from the moment each POST was sent (the POST itself waits behind the work).
      const fromSend: number[] = [];
      for (let n = 0; n < NOTIFICATIONS; n++)
        for (let c = 0; c < CONNECTIONS; c++) {
          const at = arrivals[n]![c]!;
          fromSend.push(Number.isNaN(at) ? Infinity : at - sentAt[n]!);
        }
      fromSend.sort((a, b) => a - b);

      // Close everything and check the server lets the sockets go.
      const closeStarted = performance.now();
      for (const s of streams) s.req.destroy();
      let socketsClosed = await socketCount(product.pid);
      while (socketsClosed > socketsBefore + 5 && performance.now() - closeStarted < 10_000) {
        await sleep(100);
        socketsClosed = await socketCount(product.pid);
      }
      const closeMs = performance.now() - closeStarted;

      const ms = (v: number) => (Number.isFinite(v) ? `${round(v)} ms` : 'never');
      const method =
        `Product: \`node scripts/start.mjs\` (PORT_OFFSET ${offset}, PGlite in a new temporary DATA_DIR). ` +
        `Signed in as admin@demo.test and ops@demo.test through the API. ${CONNECTIONS} streams for ops: each ` +
        `\`POST /iamserver/api/v1/notifications/stream-ticket\` (a single-use ticket valid 30 s, so each is redeemed at ` +
        `once: ${OPEN_CONCURRENCY} ticket+connect in flight) then \`GET /notifications/stream?ticket=…\` with node's http ` +
        `module, agent: false (one socket per stream, no keep-alive), open when its \`event: snapshot\` arrived. Then ` +
        `${NOTIFICATIONS} × \`POST /notifications {title, body, userIds:[ops]}\` as admin, one per second on the clock; ` +
        `latency = arrival of that \`event: notification\` on a connection (performance.now() when its chunk is read) ` +
        `− the POST's response. A connection that never got it by ${DELIVERY_DEADLINE_MS / 1000} s after the last POST counts as infinite.`;
      return [
        {
          id: 'live-channel.p99',
          title: `Live notification delivery to ${CONNECTIONS} SSE connections: p99 latency`,
          value: Number.isFinite(p99) ? round(p99) : 'never',
          unit: Number.isFinite(p99) ? 'ms' : '',
          method: `${method} p99 over the ${NOTIFICATIONS} × ${CONNECTIONS} latencies.`,
          target: `≤ ${TARGET_P99_MS / 1000} s`,
          pass: p99 <= TARGET_P99_MS && missing === 0,
          notes: [
            `p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)}, earliest ${ms(earliest)}${earliest < 0 ? " (negative: the event was read before the POST's response)" : ''}; missing deliveries: ${missing} of ${NOTIFICATIONS * CONNECTIONS}.`,
            `Time until the last of the ${CONNECTIONS} connections had it, per notification: ${lastPerNotification.map((l) => (Number.isFinite(l) ? round(l) : '∞')).join(', ')} ms.`,
            `Counted from each POST's request instead of its response: p50 ${ms(percentile(fromSend, 50))}, p99 ${ms(percentile(fromSend, 99))}, max ${ms(fromSend[fromSend.length - 1]!)}.`,
            `POST /notifications response times: ${postMs.map((t) => round(t)).join(', ')} ms (statuses all 201).`,
            `Server CPU from the first POST to the last delivery: ${round(cpuUsed, 1)} s in ${round(wallUsed, 1)} s wall (${os.availableParallelism()} cores); the hub reads each notification and the unread count once per user and sends the same frame to all of that user's streams.`,
            `Streams closed by the server during the run: ${droppedDuringRun}.${unexpected.length ? ` Unexpected notifications: ${unexpected.join('; ')}.` : ''}`,
            `Heartbeats run on one hub timer every 20 s with one session query for all open streams of the instance.`,
          ],
        },
        {
          id: 'live-channel.rss-per-connection',
          title: 'Server resident memory growth per open SSE connection',
          value: round(growthKb, 1),
          unit: 'KB',
          method:
            `The same run: VmRSS of the server process (the start.mjs pid, from /proc/<pid>/status) ${SETTLE_MS / 1000} s after ` +
            `the sign-ins, and ${SETTLE_MS / 1000} s after all ${CONNECTIONS} streams were open; (after − before) / ${CONNECTIONS}. ` +
            'RSS includes whatever the garbage collector has not returned yet: indicative.',
          notes: [
            `RSS ${round(before.rssMb, 1)} MB before, ${round(after.rssMb, 1)} MB with ${CONNECTIONS} streams open (+${round(after.rssMb - before.rssMb, 1)} MB), ${round(afterSend.rssMb, 1)} MB after the ${NOTIFICATIONS} notifications; peak (VmHWM) ${round(afterSend.hwmMb, 1)} MB.`,
            `Server sockets (/proc/<pid>/fd): ${socketsBefore} before, ${socketsAfter} with the streams open, ${socketsClosed} ${round(closeMs)} ms after the client closed them all.`,
            `Opening ${CONNECTIONS} streams (ticket + connect + snapshot each) took ${round(openMs / 1000, 1)} s.`,
            `Open-files limit (ulimit -n): ${ownLimit} for the bench process, ${serverLimit} for the server; high enough, not raised.`,
          ],
        },
      ];
    } finally {
      for (const s of streams) s?.req.destroy();
      await product.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
