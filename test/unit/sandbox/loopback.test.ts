// "Deliveries go only to loopback addresses (127.0.0.0/8, ::1, localhost)": anything else is
// registered but never sent.
import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from '../../../src/sandbox/webhooks/loopback.ts';

describe('webhook deliveries go only to loopback addresses', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://127.0.0.1:8443/hook',
    'https://127.10.20.30/hook',
    'https://[::1]:9000/hook',
    'https://localhost/hook',
    'https://LOCALHOST:1234/x',
    'https://receiver.localhost/hook',
  ])('%s is loopback', (url) => {
    expect(isLoopbackUrl(url)).toBe(true);
  });

  it.each([
    'https://example.com/hook',
    'https://10.0.0.1/hook',
    'https://192.168.1.5/hook',
    'https://172.16.0.1/hook',
    'https://128.0.0.1/hook',
    'https://[::2]/hook',
    'https://127.0.0.1.example.com/hook',
    'https://localhost.example.com/hook',
    'not a url',
  ])('%s is not loopback', (url) => {
    expect(isLoopbackUrl(url)).toBe(false);
  });
});
