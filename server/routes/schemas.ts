// Error answers declared per route, so the OpenAPI document lists them from the same schema the handler sends.
import { errorResponseSchema } from "#contract/common";

export const errors = (...statuses: (400 | 404 | 409 | 429 | 502)[]) => Object.fromEntries(statuses.map((s) => [s, errorResponseSchema]));
