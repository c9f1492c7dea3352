// Bad bytes are bad input: before any API, sandbox or mailbox route's validation, every string of a request (path
// parameters, query, JSON body, object keys included) is checked for what PostgreSQL cannot store or UTF-8 cannot encode: a NUL
// character or a lone UTF-16 surrogate. One is answered 400 validation_failed naming the field, so no route
// ever passes one to the database (which would refuse it with a 500). Deeply nested bodies are refused too.
import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const BAD_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any call of the API nests (the client's address is at depth 3). */
export const MAX_DEPTH = 32;

export const hasBadCharacter = (text: string) => BAD_CHARACTER.test(text);

type Problem = { field: string; reason: "invalidCharacters" | "tooDeep" };
type Found = { path: string[]; reason: Problem["reason"] };

/**
 * The first bad string (or key) in `value` and its path, depth first. It recurses at most MAX_DEPTH levels (it
 * stops there), and builds a path only for what it finds: a request without one allocates nothing here.
 */
function find(value: unknown, depth: number): Found | undefined {
  if (typeof value === "string") return hasBadCharacter(value) ? { path: [], reason: "invalidCharacters" } : undefined;
  if (value === null || typeof value !== "object") return undefined;
  // A body read as bytes (the Stripe webhook's, up to 1 MB, checked by its signature) holds no strings: walking its
  // indices one by one took 1.6 s of the event loop for one unsigned request.
  if (ArrayBuffer.isView(value)) return undefined;
  if (depth >= MAX_DEPTH) return { path: [], reason: "tooDeep" };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = find(value[i], depth + 1);
      if (found) {
        found.path.unshift(String(i));
        return found;
      }
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    // A bad key is the fault of the object that holds it.
    if (hasBadCharacter(key)) return { path: [], reason: "invalidCharacters" };
    const found = find((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return undefined;
}

/** The first bad string (or key) in `value`, with its dotted path under `root`. */
export function findBadInput(value: unknown, root: string): Problem | undefined {
  const found = find(value, 0);
  return found && { field: found.path.length === 0 ? root : found.path.join("."), reason: found.reason };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route serves the build's files and pages, and passes nothing of the request to the database. */
    staticFiles?: boolean;
  }
}

function checkRequest(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const parts: [unknown, string][] = [
    [request.params, "params"],
    [request.query, "querystring"],
    [request.body, "body"],
  ];
  for (const [value, root] of parts) {
    const problem = findBadInput(value, root);
    if (!problem) continue;
    const message = problem.reason === "tooDeep" ? "The request is nested too deeply." : "The request contains characters that are not allowed.";
    return done(new ApiError(400, "validation_failed", message, { [problem.field]: problem.reason }));
  }
  done();
}

export default fp(
  async (app) => {
    // Every route's own hook (a callback hook: it never waits), declared with the route; the site's files and
    // pages have none, as they look nothing up with what the request says.
    app.addHook("onRoute", (route) => {
      if (route.config?.staticFiles) return;
      const hooks = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
      route.preValidation = [checkRequest, ...hooks];
    });
  },
  { name: "bad-bytes", dependencies: ["error-handler"] },
);
