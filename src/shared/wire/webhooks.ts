// Webhooks: POST /hook/webhook (register one of the eight actions on an https:// URL), GET (what
// is registered), DELETE (unregister an action), POST /hook/webhook/secret (the signing secret).
// Spec, "POST /hook/webhook" and Events; public facts for the rest.
import { z } from 'zod';
import { WEBHOOK_ACTIONS } from '../networks.ts';
import { describeValue, isBlank } from './common.ts';

export const WebhookActionSchema = z.enum(WEBHOOK_ACTIONS, {
  error: (issue) => `${describeValue(issue.input)} is not a webhook action; the actions are ${WEBHOOK_ACTIONS.join(', ')}`,
});

/** A valid URL that begins with https:// (spec): the service calls it with events. */
export const WebhookUrlSchema = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `${describeValue(value)} is not a web address` });
    return;
  }
  if (url.protocol !== 'https:' || !value.startsWith('https://')) {
    ctx.addIssue({
      code: 'custom',
      message: `A webhook address must begin with https:// (the service sends events only over HTTPS); got ${describeValue(value)}`,
    });
  }
});

const SecretSchema = z.string().refine((secret) => !isBlank(secret), 'A webhook secret must not be empty');

export const RegisterWebhookBodySchema = z.looseObject({
  action: WebhookActionSchema,
  url: WebhookUrlSchema,
  secret: SecretSchema.optional(),
});

export const RegisterWebhookResponseSchema = z.looseObject({
  status: z.string(),
  action: z.string(),
  url: z.string(),
  refId: z.string().optional(),
});
export type RegisterWebhookResponse = z.infer<typeof RegisterWebhookResponseSchema>;

/** `{status, <action>: <url>, …, updated}`. */
export const WebhooksResponseSchema = z.looseObject({
  status: z.string(),
  updated: z.string().nullable().optional(),
  ...Object.fromEntries(WEBHOOK_ACTIONS.map((action) => [action, z.string().optional()])),
});
export type WebhooksResponse = z.infer<typeof WebhooksResponseSchema>;

export const UnregisterWebhookBodySchema = z.looseObject({ action: WebhookActionSchema });

export const UnregisterWebhookResponseSchema = z.looseObject({
  status: z.string(),
  action: z.string().optional(),
});
export type UnregisterWebhookResponse = z.infer<typeof UnregisterWebhookResponseSchema>;

export const WebhookSecretBodySchema = z.looseObject({ secret: SecretSchema });

export const WebhookSecretResponseSchema = z.looseObject({
  status: z.string(),
  refId: z.string().optional(),
});
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponseSchema>;
