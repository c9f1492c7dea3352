// Turns every failure into the JSON error shape; 5xx details stay in the log, never in the response.
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode } from "#contract/common";
import { ApiError, errorBody } from "../errors";
import { safeError } from "../safe-log";

const codeByStatus: Record<number, ErrorCode> = {
  400: "bad_request",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof ApiError) {
        return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (error.validationContext ?? "body");
          fields[path] ??= issue.message ?? "invalid";
        }
        return reply.status(400).send(errorBody("validation_failed", "The request is invalid.", fields));
      }
      const status = typeof (error as { statusCode?: unknown }).statusCode === "number" ? (error as { statusCode: number }).statusCode : 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send(errorBody(codeByStatus[status] ?? "bad_request", (error as Error).message));
      }
      // Never the error itself: a database error carries its SQL and parameters (personal data among them).
      request.log.error({ err: safeError(error), route: request.routeOptions.url }, "request failed");
      return reply.status(500).send(errorBody("internal_error", "Something went wrong on our side. Please try again."));
    });
  },
  { name: "error-handler" },
);
