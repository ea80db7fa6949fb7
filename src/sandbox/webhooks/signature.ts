// The signature of a webhook delivery: HMAC-SHA256 of the raw body keyed by the profile's secret,
// lower-case hex, sent with the Unix time of the delivery (public facts).
import { createHmac } from 'node:crypto';

export function signBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
