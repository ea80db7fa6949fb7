// The service's error body: `{status: "error", code, message, …}` with per-platform detail in
// `errors` (spec, Errors; public facts, Conventions). Every field but `code` may be missing on a
// body from a proxy or a fault, so only `code` is required and even that is checked by the caller.
import { z } from 'zod';
import { PlatformErrorSchema } from './common.ts';

export const ServiceErrorBodySchema = z.looseObject({
  status: z.string().optional(),
  code: z.number().int(),
  message: z.string().optional(),
  action: z.string().optional(),
  platform: z.string().optional(),
  errors: z.array(PlatformErrorSchema).optional(),
});
