/**
 * One Fastify instance per service, with the behaviour every route shares: zod validation that also
 * generates the OpenAPI document, the JSON error envelope, request ids, redacted logs, CORS, JSON-only
 * bodies with a size limit, `/health` and `/openapi.json`.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import { ERROR_CODES, type ErrorEnvelope } from '../../src/shared/api-envelope.ts';
import { servicePrefix, type ServiceName } from '../../src/shared/services.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { TokenService } from '../auth/token-service.ts';
import { isApiError } from './api-error.ts';
import { findNul, nulValidationError } from './nul-guard.ts';
import { recordRouteDeclarations } from './route-permission.ts';
import { SERVICE_CONTENT_SECURITY_POLICY } from '../web/security-headers.ts';

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** What every module gets: the database, the configuration, the clock (swappable in tests), tokens. */
export interface ServiceDeps {
  db: Database;
  config: ServerConfig;
  now: () => Date;
  tokens: TokenService;
}

/** A service module: registers its routes on a scope already prefixed with `/{service}/api/v1`. */
export type ServiceModule = (app: App, deps: ServiceDeps) => Promise<void>;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'X-Refresh-Token',
  'Content-Type',
  'Idempotency-Key',
  'If-Match',
  // The place lists' bulk answers are revalidated by ETag.
  'If-None-Match',
  // File uploads (driveserver) name the file in headers, since the body is the file itself.
  'X-File-Name',
  'X-File-Type',
];

function validationDetails(error: FastifyError & { validationContext?: string }) {
  return (error.validation ?? []).map((issue) => {
    const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const context = error.validationContext ?? 'body';
    return { path: where ? `${context}.${where}` : context, message: issue.message ?? 'is invalid' };
  });
}

/** Maps any thrown error to a status and the envelope; 5xx details never leave the process. */
export function toErrorResponse(error: unknown): {
  status: number;
  body: ErrorEnvelope;
  headers: Record<string, string>;
} {
  if (isApiError(error)) {
    const body: ErrorEnvelope = { message: error.message, code: error.code };
    if (error.details) body.details = error.details;
    if (error.conflict) body.conflict = error.conflict;
    return { status: error.status, body, headers: error.headers };
  }
  const err = error as FastifyError & { validationContext?: string; status?: number };
  if (hasZodFastifySchemaValidationErrors(err) || (err.validation && err.validation.length > 0)) {
    return {
      status: 400,
      body: {
        message: 'The request is not valid',
        code: ERROR_CODES.VALIDATION_FAILED,
        details: validationDetails(err),
      },
      headers: {},
    };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: { message: 'The request body is too large', code: ERROR_CODES.PAYLOAD_TOO_LARGE },
        headers: {},
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { message: 'Send the request body as application/json', code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE },
        headers: {},
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 400,
        body: { message: 'The request body is not valid JSON', code: ERROR_CODES.MALFORMED_JSON },
        headers: {},
      };
    default:
      break;
  }
  const status = err.statusCode ?? err.status ?? 500;
  if (status >= 400 && status < 500) {
    const code =
      err instanceof SyntaxError || /JSON/i.test(err.message) ? ERROR_CODES.MALFORMED_JSON : ERROR_CODES.BAD_REQUEST;
    const message =
      code === ERROR_CODES.MALFORMED_JSON ? 'The request body is not valid JSON' : 'The request is not valid';
    return { status, body: { message, code }, headers: {} };
  }
  return { status: 500, body: { message: 'Internal server error', code: ERROR_CODES.INTERNAL_ERROR }, headers: {} };
}

export interface BuildServiceAppOptions {
  service: ServiceName;
  deps: ServiceDeps;
  logger: Logger;
  modules: ServiceModule[];
}

export async function buildServiceApp(options: BuildServiceAppOptions): Promise<App> {
  const { service, deps, modules } = options;
  const prefix = servicePrefix(service);
  const app = Fastify({
    loggerInstance: options.logger.child({ service }) as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimit,
    // `req.ip` is the socket's address unless the request came through a configured proxy.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Health probes would drown the log; every other request is logged with its id.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: (req) => req.url.endsWith('/health'),
    }),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Every schema-validated part is checked for NUL first (PostgreSQL refuses it in text: 400, never 500).
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data: unknown) => {
      const where = findNul(data);
      return where === undefined ? validate(data) : { error: nulValidationError(where, route.httpPart) };
    };
  });
  recordRouteDeclarations(app);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body is refused with 415 instead of reaching a handler as a string.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // JSON only: nothing in an answer may run, load anything or be framed, even if opened as a page.
    reply.header('content-security-policy', SERVICE_CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
  });

  // The same NUL check for the parts a route reads without a schema for them (after authentication and
  // the route's permission, which run at onRequest).
  app.addHook('preHandler', async (req) => {
    for (const [context, value] of [
      ['querystring', req.query],
      ['params', req.params],
      ['body', req.body],
    ] as const) {
      const where = findNul(value);
      if (where !== undefined) throw nulValidationError(where, context);
    }
  });

  app.setErrorHandler((error, req, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: body.code, status }, 'request rejected');
    void reply.code(status).headers(headers).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    void reply
      .code(404)
      .send({ message: `No route for ${req.method} ${req.url.split('?')[0] ?? ''}`, code: ERROR_CODES.NOT_FOUND });
  });

  await app.register(cors, {
    origin: deps.config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: ['x-request-id', 'Retry-After', 'ETag', 'Content-Disposition'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${service} API`, version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (scope) => {
      const scoped = scope.withTypeProvider<ZodTypeProvider>();
      scoped.get('/health', { schema: { hide: true } }, async (_req, reply) => {
        try {
          await deps.db.ping();
          return { data: { status: 'ok', db: 'ok' } };
        } catch {
          return reply
            .code(503)
            .send({ message: 'The database is not reachable', code: ERROR_CODES.SERVICE_UNAVAILABLE });
        }
      });
      scoped.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      // Each module in its own encapsulated context: a hook one module adds (authentication, say)
      // never reaches /health or another module's routes.
      for (const mod of modules) {
        await scoped.register(async (child) => mod(child.withTypeProvider<ZodTypeProvider>(), deps));
      }
    },
    { prefix },
  );

  return app;
}
