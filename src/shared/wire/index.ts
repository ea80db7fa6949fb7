// The service's wire format: request bodies with the spec's rules, responses strict about what the
// client relies on and loose about everything else.
export * from './accountAnalytics.ts';
export * from './analytics.ts';
export * from './comments.ts';
export * from './common.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './perNetwork.ts';
export * from './posts.ts';
export * from './profiles.ts';
export * from './replies.ts';
export * from './webhooks.ts';
export * from './addressing.ts';
export * from './check.ts';
