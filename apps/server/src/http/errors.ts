import { ErrorCode, errorMessages, type FieldIssue } from '@chatpay/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { unavailable } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';

/** Seconds a client waits before retrying a call the database could not serve (ServiceBusy). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const issuesOf = (error: FastifyError): FieldIssue[] => {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((v) => ({
      field: String(
        (v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ||
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          'body',
      ),
      message: v.message ?? 'Invalid value',
    }));
  }
  return [];
};

/**
 * Turns every failure into the envelope: validation → 1002 with the field list, AppError → its code,
 * client errors from the framework (bad JSON, body too large, wrong content type) → 1002, the database timing
 * out or unreachable → HTTP 503 ServiceBusy with Retry-After, and anything else → HTTP 500 with the request
 * id and no stack.
 */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((err: Error, req, reply) => {
    const error = err as FastifyError;
    if (err instanceof AppError) {
      if (err.status === 503) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return reply.status(err.status).send({ code: err.code, data: err.data, message: err.message });
    }
    const issues = issuesOf(error);
    if (issues.length > 0) {
      const fields = [...new Set(issues.map((i) => i.field))];
      return reply
        .status(200)
        .send({ code: ErrorCode.Validation, data: issues, message: `Invalid input: ${fields.join(', ')}` });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(200)
        .send({ code: ErrorCode.RateLimited, data: null, message: errorMessages[ErrorCode.RateLimited] });
    }
    if (status >= 400 && status < 500) {
      req.log.info({ err: error }, 'client error');
      const message = status === 413 ? 'The request body is too large' : error.message;
      return reply.status(200).send({ code: ErrorCode.Validation, data: null, message });
    }
    if (unavailable(err)) {
      // Retryable: the database timed out, is busy or unreachable (docs/design/faults.md).
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({
          code: ErrorCode.ServiceBusy,
          data: { retryAfter: BUSY_RETRY_AFTER_SECONDS },
          message: errorMessages[ErrorCode.ServiceBusy],
        });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: ErrorCode.Internal,
      data: { requestId: req.id },
      message: `Service exception (request id ${req.id})`,
    });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: ErrorCode.NotFound, data: null, message: `[404] ${req.url}` });
  });
};
