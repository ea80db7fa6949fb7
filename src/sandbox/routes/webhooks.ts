// Webhook registration per profile: POST /hook/webhook (one of the eight actions, https only),
// GET (the registered URLs), DELETE (unregister an action), POST /hook/webhook/secret.
import { WEBHOOK_ACTIONS, type WebhookAction } from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { badRequest, ErrorCode, notFound } from '../http/errors.ts';
import { nonEmptyText, optionalString, requireString } from '../http/validate.ts';
import { recordWrite } from './shared.ts';

function action(call: ApiCall): WebhookAction {
  const value = requireString(call.body, 'action');
  if (!(WEBHOOK_ACTIONS as readonly string[]).includes(value)) {
    throw badRequest(ErrorCode.invalidField, `Unknown webhook action "${value}"; it is one of ${WEBHOOK_ACTIONS.join(', ')}`);
  }
  return value as WebhookAction;
}

function httpsUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(ErrorCode.invalidField, `"url" is not a valid URL: "${value}"`);
  }
  if (url.protocol !== 'https:' || !value.startsWith('https://')) {
    throw badRequest(ErrorCode.invalidField, `"url" must begin with https://; got "${value}"`);
  }
  return value;
}

function touch(call: ApiCall, kind: string, ids: string[]): void {
  call.profile.webhooksUpdated = call.runtime.now().toISOString();
  // Secrets never go into the ledger: no text.
  recordWrite(call, kind, ids, null);
}

function register(call: ApiCall): ApiResult {
  const registered = action(call);
  const url = httpsUrl(requireString(call.body, 'url'));
  const secret = optionalString(call.body, 'secret');
  if (secret !== undefined) call.profile.webhookSecret = nonEmptyText(secret, 'secret');
  call.profile.webhooks[registered] = url;
  touch(call, 'webhook.register', [registered, url]);
  return { applied: true, body: { status: 'success', action: registered, url, refId: call.profile.refId } };
}

function list(call: ApiCall): ApiResult {
  return { body: { status: 'success', ...call.profile.webhooks, updated: call.profile.webhooksUpdated } };
}

function unregister(call: ApiCall): ApiResult {
  const registered = action(call);
  if (!call.profile.webhooks[registered]) throw notFound(`No webhook is registered for "${registered}" on this profile`);
  delete call.profile.webhooks[registered];
  touch(call, 'webhook.unregister', [registered]);
  return { applied: true, body: { status: 'success', action: registered } };
}

function setSecret(call: ApiCall): ApiResult {
  call.profile.webhookSecret = nonEmptyText(requireString(call.body, 'secret'), 'secret');
  touch(call, 'webhook.secret', []);
  return { applied: true, body: { status: 'success', refId: call.profile.refId } };
}

export const webhookRoutes: Route[] = [
  { method: 'POST', pattern: '/hook/webhook', handle: register },
  { method: 'GET', pattern: '/hook/webhook', handle: list },
  { method: 'DELETE', pattern: '/hook/webhook', handle: unregister },
  { method: 'POST', pattern: '/hook/webhook/secret', handle: setSecret },
];
