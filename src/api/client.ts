// The API client: every call of the contract, typed and checked by its zod schemas.
import type { z } from "zod";
import { calls, SITE_CLIENT_HEADER, type CallDefinition, type Calls, type CallName } from "#contract/calls";
import { errorResponseSchema } from "#contract/common";
import { withDeadline } from "./deadline";

/** The spec's "API Error: {status} {statusText}", carrying the server's error code when there is one. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly statusText: string,
    public readonly code?: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(`API Error: ${status} ${statusText}`);
    this.name = "ApiRequestError";
  }
}

type Part<C, K extends keyof CallDefinition> = C extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined;

export type CallInput<N extends CallName> = {
  params?: Part<Calls[N], "params">;
  query?: Part<Calls[N], "querystring">;
  body?: Part<Calls[N], "body">;
  signal?: AbortSignal;
  /**
   * Give up after this many ms (the call then fails with a TimeoutError), besides `signal`. Required: a call on a
   * stalled connection must never keep its page waiting for good (the kinds are in ./deadline.ts).
   */
  deadlineMs: number;
};
export type CallOutput<N extends CallName> = z.output<Calls[N]["response"]>;

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
}

export function createApiClient({ baseUrl = import.meta.env?.VITE_API_BASE_URL ?? "/api", fetch: fetchImpl }: ApiClientOptions = {}) {
  async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
    return withDeadline(input.signal, input.deadlineMs, (signal) => send(name, { ...input, signal }));
  }
  async function send<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
    const definition: CallDefinition = calls[name];
    let path = definition.path.replace(/:(\w+)/g, (_, key: string) => {
      const value = (input.params as Record<string, unknown> | undefined)?.[key];
      return encodeURIComponent(String(value ?? ""));
    });
    if (input.query) path += `?${new URLSearchParams(input.query as Record<string, string>)}`;
    const response = await (fetchImpl ?? fetch)(`${baseUrl}${path}`, {
      method: definition.method,
      // The site's header: without it the server takes the checkout cookie for no proof (docs/decisions/016).
      headers: { "Content-Type": "application/json", Accept: "application/json", [SITE_CLIENT_HEADER]: "1" },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
    if (!response.ok) {
      const error = errorResponseSchema.safeParse(await response.json().catch(() => null));
      throw new ApiRequestError(response.status, response.statusText, error.data?.error.code, error.data?.error.fields);
    }
    return definition.response.parse(await response.json()) as CallOutput<N>;
  }
  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export { hostedLink, isAllowedRedirect, paymentProviderOrigins } from "#domain/redirects";
