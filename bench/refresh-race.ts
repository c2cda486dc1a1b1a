/**
 * 50 concurrent `GET /iamserver/api/v1/auth/refresh` with the same refresh token: exactly one may win,
 * none may fail with 5xx, and the reuse by the others revokes the session, so the winner's new access
 * token gets 401. Three rounds (a fresh sign-in each) on PGlite and on PostgreSQL.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchSchemaName, dropSchema, postgresEnv } from './postgres.ts';
import { login, request, serviceUrl, startProduct, type Figure, ensureBuilt } from './lib.ts';
import type { BenchContext } from './run-one.ts';

const CONCURRENT = 50;
const ROUNDS = 3;

interface Round {
  ok: number;
  unauthorized: number;
  serverErrors: number;
  other: string[];
  /** Status of `GET /fetch-user` with the winner's new access token (401 expected). */
  winnerAccess: number | undefined;
  /** Status of `GET /auth/refresh` with the winner's new refresh token (401 expected). */
  winnerRefresh: number | undefined;
}

async function race(offset: number): Promise<Round> {
  const { accessToken, refreshToken } = await login(offset);
  const url = serviceUrl(offset, 'iamserver', '/auth/refresh');
  // One socket per request, all opened at once.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const headers = { authorization: `Bearer ${accessToken}`, 'x-refresh-token': `Bearer ${refreshToken}` };
  const results = await Promise.allSettled(
    Array.from({ length: CONCURRENT }, () => request(url, { headers, agent, timeoutMs: 30_000 })),
  );
  agent.destroy();
  const round: Round = {
    ok: 0,
    unauthorized: 0,
    serverErrors: 0,
    other: [],
    winnerAccess: undefined,
    winnerRefresh: undefined,
  };
  let winner: { accessToken: string; refreshToken: string } | undefined;
  for (const r of results) {
    if (r.status === 'rejected') {
      round.other.push(`network error: ${String(r.reason)}`);
      continue;
    }
    const { status, body } = r.value;
    if (status === 200) {
      round.ok++;
      winner = (JSON.parse(body) as { data: { accessToken: string; refreshToken: string } }).data;
    } else if (status === 401) round.unauthorized++;
    else if (status >= 500) round.serverErrors++;
    else round.other.push(String(status));
  }
  if (winner) {
    const fetched = await request(serviceUrl(offset, 'iamserver', '/fetch-user'), {
      headers: { authorization: `Bearer ${winner.accessToken}` },
    });
    round.winnerAccess = fetched.status;
    const refreshed = await request(url, {
      headers: { authorization: `Bearer ${winner.accessToken}`, 'x-refresh-token': `Bearer ${winner.refreshToken}` },
    });
    round.winnerRefresh = refreshed.status;
  }
  return round;
}

type Backend = 'postgres' | 'pglite';

async function measure(backend: Backend, offset: number): Promise<Figure[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `bench-refresh-${backend}-`));
  const schema = benchSchemaName('refresh');
  const env = backend === 'postgres' ? postgresEnv(schema) : { DATABASE_URL: '', DATA_DIR: path.join(tmp, 'pglite') };
  const rounds: Round[] = [];
  try {
    const product = await startProduct({ offset, env });
    try {
      for (let i = 0; i < ROUNDS; i++) rounds.push(await race(offset));
    } finally {
      await product.stop();
    }
  } finally {
    if (backend === 'postgres') await dropSchema(schema);
    await rm(tmp, { recursive: true, force: true });
  }
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const list = (f: (r: Round) => unknown) => rounds.map(f).join(' / ');
  const method =
    `${ROUNDS} rounds, each: sign in as admin@demo.test, then ${CONCURRENT} \`GET /iamserver/api/v1/auth/refresh\` at once ` +
    '(one new socket each, same `Authorization` and `X-Refresh-Token`), counted by status; then `GET /fetch-user` with the ' +
    `winner's new access token. Server: \`node scripts/start.mjs\` on ${
      backend === 'postgres'
        ? 'PostgreSQL (fresh DATABASE_SCHEMA, SEED_DEMO=1, dropped afterwards)'
        : 'PGlite (new temporary DATA_DIR)'
    }. Values are per round.`;
  const others = rounds.flatMap((r) => r.other);
  return [
    {
      id: `refresh-race.${backend}.ok`,
      title: `Concurrent refresh on ${name}: 200 answers`,
      value: list((r) => r.ok),
      unit: `of ${CONCURRENT}`,
      method,
      target: 'exactly 1',
      pass: rounds.every((r) => r.ok === 1),
      notes: [
        `401 answers: ${list((r) => r.unauthorized)}.`,
        ...(others.length > 0 ? [`Other outcomes: ${others.join(', ')}.`] : []),
        `The winner's new refresh token, used afterwards: ${list((r) => r.winnerRefresh ?? 'n/a')}.`,
      ],
    },
    {
      id: `refresh-race.${backend}.5xx`,
      title: `Concurrent refresh on ${name}: 5xx answers`,
      value: list((r) => r.serverErrors),
      unit: `of ${CONCURRENT}`,
      method: 'The same rounds.',
      target: '0',
      pass: rounds.every((r) => r.serverErrors === 0 && r.other.length === 0),
    },
    {
      id: `refresh-race.${backend}.revoked`,
      title: `Concurrent refresh on ${name}: winner's new access token on /fetch-user`,
      value: list((r) => r.winnerAccess ?? 'no winner'),
      unit: 'HTTP status',
      method: 'The same rounds: the session is revoked as reuse, so the new access token must be refused.',
      target: '401',
      pass: rounds.every((r) => r.winnerAccess === 401),
    },
  ];
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  await ensureBuilt(ctx.offset);
  return [...(await measure('pglite', ctx.offset)), ...(await measure('postgres', ctx.offset))];
}
