import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import http from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { withoutQuery } from './error-reporting';
import { ApiError, databaseErrorOf, isConnectionLoss, mapDatabaseError, serviceUnavailable } from './errors';
import { serializeError } from './log-redaction';

/**
 * How the server answers what went wrong, DRF-shaped: the error handler (typed errors, database
 * errors, Fastify's own), Fastify's framework errors, the JSON body parser and Node's client errors.
 */

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError & { cause?: unknown }, request, reply) => {
    let error: unknown = rawError;
    if (!(rawError instanceof ApiError) && isConnectionLoss(rawError)) {
      request.log.warn({ err: rawError }, 'database connection lost: answered 503');
      error = serviceUnavailable();
    }
    // Drizzle wraps driver errors; the PostgreSQL error is the cause.
    if (!(error instanceof ApiError) && rawError.cause && typeof rawError.cause === 'object' && 'code' in rawError.cause)
      error = rawError.cause;
    const database = error instanceof ApiError ? undefined : databaseErrorOf(error);
    if (database) {
      const mapped = mapDatabaseError(database);
      if (mapped) error = mapped;
    }
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const framework = fastifyError(rawError, request.headers['content-type']);
    if (framework) return reply.code(framework.statusCode).headers(framework.headers).send(framework.body);
    request.log.error({ err: rawError }, 'unhandled error');
    // The receiver is outside: the same redacted message and stack as the log.
    const safe = serializeError(rawError);
    request.server.errorReporter?.report({
      source: 'server',
      message: safe.message,
      name: rawError.name,
      stack: safe.stack,
      status: 500,
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: withoutQuery(request.url),
      request_id: request.id,
      user_id: request.auth?.user.id ?? null,
    });
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
}

const MALFORMED = 'Malformed request.';

/**
 * Errors Fastify itself raises (body parsing, media type, size, bad URL,
 * rate limit) as DRF answers them: `{"detail": ...}` with the same status.
 */
function fastifyError(error: FastifyError, contentType: string | undefined): ApiError | undefined {
  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, { detail: ERROR_MESSAGES.bodyTooLarge });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, { detail: `Unsupported media type "${contentType ?? ''}" in request.` });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, { detail: 'JSON parse error - the body is not valid JSON.' });
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, { detail: MALFORMED });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, { detail: ERROR_MESSAGES.uriTooLong });
  }
  if (status === 413) return new ApiError(413, { detail: ERROR_MESSAGES.bodyTooLarge });
  if (status >= 400 && status < 500) return new ApiError(status, { detail: status === 400 ? MALFORMED : error.message });
  return undefined;
}

/** Fastify's `frameworkErrors` option: a URL that cannot be decoded, a path parameter over the length limit. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer = fastifyError(error, request.headers['content-type']) ?? new ApiError(400, { detail: MALFORMED });
  void reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
}

/**
 * The JSON body parser: Fastify's (prototype poisoning refused), except that
 * an empty body is no body, as DRF reads it (a body-less POST that names
 * `application/json` is common).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parse(request, body as string, done);
  });
}

const handledSockets = new WeakSet<Socket>();

/**
 * Node's `clientError`: a request line or headers over `maxHeaderSize` (414 /
 * 431), a request Node cannot parse (400), a client too slow (408). Answers
 * DRF-shaped and closes the connection gracefully: the rest of what the
 * client sends is read and dropped, so it receives the answer instead of a
 * reset.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown; bytesParsed?: number },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || handledSockets.has(socket)) return;
  handledSockets.add(socket);
  let status = 400;
  let detail = MALFORMED;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    detail = 'Request timed out.';
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node counts the request line and the headers together. The packet is the chunk being parsed and
    // bytesParsed where in it the limit tripped: inside a first line that is (the end of) the request
    // line, the URL is what is too long.
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const newline = packet.indexOf('\n');
    const firstLine = newline === -1 ? packet : packet.slice(0, newline);
    const isRequestLine = /^[A-Z-]+ \S/.test(firstLine) || /HTTP\/\d\.\d\r?$/.test(firstLine);
    const inRequestLine = isRequestLine && (newline === -1 || (error.bytesParsed ?? Infinity) <= newline);
    status = inRequestLine ? 414 : 431;
    detail = inRequestLine ? ERROR_MESSAGES.uriTooLong : 'Request header fields too large.';
  }
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.setTimeout(10_000, () => socket.destroy());
  socket.end();
}
