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

/** The first bad string (or key) in `value`, walked without recursion, with its dotted path. */
export function findBadInput(value: unknown, root: string): Problem | undefined {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  const name = (path: string[]) => (path.length === 0 ? root : path.join("."));
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (hasBadCharacter(v)) return { field: name(path), reason: "invalidCharacters" };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_DEPTH) return { field: name(path), reason: "tooDeep" };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: [...path, String(i)], depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (hasBadCharacter(key)) return { field: name(path), reason: "invalidCharacters" };
      stack.push({ value: item, path: [...path, key], depth: depth + 1 });
    }
  }
  return undefined;
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
