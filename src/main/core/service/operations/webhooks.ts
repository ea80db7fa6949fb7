// POST/GET/DELETE /hook/webhook and POST /hook/webhook/secret, per profile.
import {
  RegisterWebhookBodySchema,
  type RegisterWebhookResponse,
  RegisterWebhookResponseSchema,
  UnregisterWebhookBodySchema,
  type UnregisterWebhookResponse,
  UnregisterWebhookResponseSchema,
  WebhookSecretBodySchema,
  type WebhookSecretResponse,
  WebhookSecretResponseSchema,
  type WebhooksResponse,
  WebhooksResponseSchema,
} from '../../../../shared/wire/webhooks.ts';
import type { WebhookAction } from '../../../../shared/networks.ts';
import type { CallTarget } from '../credentials.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner } from '../requestRunner.ts';

export interface RegisterWebhookInput {
  action: WebhookAction;
  /** Must begin with https://. */
  url: string;
  /** Sets the profile's signing secret as well. */
  secret?: string;
}

export async function registerWebhook(
  runner: RequestRunner,
  target: CallTarget,
  input: RegisterWebhookInput,
  options?: CallOptions,
): Promise<RegisterWebhookResponse> {
  const body = checkRequest('registerWebhook', RegisterWebhookBodySchema, input);
  const answer = await runner.run(
    target,
    {
      operation: 'registerWebhook',
      method: 'POST',
      path: '/hook/webhook',
      body,
      write: true,
      targetsTwitter: false,
      answer: RegisterWebhookResponseSchema,
      secrets: [input.secret],
    },
    options,
  );
  return answer.value;
}

export async function listWebhooks(runner: RequestRunner, target: CallTarget, options?: CallOptions): Promise<WebhooksResponse> {
  const answer = await runner.run(
    target,
    { operation: 'listWebhooks', method: 'GET', path: '/hook/webhook', write: false, targetsTwitter: false, answer: WebhooksResponseSchema },
    options,
  );
  return answer.value;
}

export async function unregisterWebhook(
  runner: RequestRunner,
  target: CallTarget,
  input: { action: WebhookAction },
  options?: CallOptions,
): Promise<UnregisterWebhookResponse> {
  const body = checkRequest('unregisterWebhook', UnregisterWebhookBodySchema, input);
  const answer = await runner.run(
    target,
    {
      operation: 'unregisterWebhook',
      method: 'DELETE',
      path: '/hook/webhook',
      body,
      write: true,
      targetsTwitter: false,
      answer: UnregisterWebhookResponseSchema,
    },
    options,
  );
  return answer.value;
}

/** Sets the profile's webhook signing secret (HMAC-SHA256 of each delivery). */
export async function setWebhookSecret(
  runner: RequestRunner,
  target: CallTarget,
  input: { secret: string },
  options?: CallOptions,
): Promise<WebhookSecretResponse> {
  const body = checkRequest('setWebhookSecret', WebhookSecretBodySchema, input);
  const answer = await runner.run(
    target,
    {
      operation: 'setWebhookSecret',
      method: 'POST',
      path: '/hook/webhook/secret',
      body,
      write: true,
      targetsTwitter: false,
      answer: WebhookSecretResponseSchema,
      secrets: [input.secret],
    },
    options,
  );
  return answer.value;
}
