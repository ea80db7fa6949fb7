// Valid answers of the service for each operation, for tests that fake the transport.
import type { HttpRequest, HttpResponse } from '../../../src/main/core/service/transport.ts';
import { json } from './fakes.ts';

const entry = (id: string) => ({ id, analytics: {}, lastUpdated: '2026-05-01T12:00:00.000Z', nextUpdate: '2026-05-01T12:10:00.000Z' });

export function cannedAnswer(request: HttpRequest, headers: Record<string, string> = {}): HttpResponse {
  const path = request.path.split('?')[0] ?? '';
  const body = request.body === undefined ? {} : (JSON.parse(request.body) as Record<string, unknown>);
  const key = `${request.method} ${path
    .replace(/\/comments\/reply\/.*/, '/comments/reply/:id')
    .replace(/\/comments\/[^/]+$/, '/comments/:id')
    .replace(/\/history\/.+/, '/history/:p')}`;
  switch (key) {
    case 'GET /comments/:id':
      return json(200, { status: 'success', facebook: [] }, headers);
    case 'POST /comments/:id':
      return json(200, { status: 'success', id: 'p', commentId: 'sc1', facebook: { status: 'success', commentId: '1_2' } }, headers);
    case 'DELETE /comments/:id':
      return json(200, { status: 'success', facebook: { action: 'delete', status: 'success', id: '1_2' } }, headers);
    case 'POST /comments/reply/:id':
      return json(200, { status: 'success', id: 'p', commentId: 'sc2', facebook: { status: 'success', commentId: '1_3', sourceCommentId: '1_2' } }, headers);
    case 'POST /analytics/post': {
      const platform = (body.platforms as string[] | undefined)?.[0] ?? 'facebook';
      if (body.searchPlatformId === true) return json(200, { status: 'success', code: 200, [platform]: (body.postIds as string[]).map(entry) }, headers);
      return json(200, { status: 'success', id: body.id, facebook: entry('1') }, headers);
    }
    case 'POST /post':
      return json(200, { status: 'success', id: 'np', postIds: [{ status: 'success', id: '99', platform: 'twitter' }] }, headers);
    case 'PUT /post':
      return json(200, { status: 'success', id: body.id, disableComments: body.disableComments }, headers);
    case 'DELETE /post':
      return json(200, { status: 'success', id: body.id, code: 200 }, headers);
    case 'GET /history':
      return json(200, { history: [] }, headers);
    case 'GET /history/:p':
      return json(200, { status: 'success', posts: [] }, headers);
    case 'GET /user':
      return json(200, { activeSocialAccounts: ['facebook'], refId: 'r' }, headers);
    case 'GET /profiles':
      return json(200, { profiles: [] }, headers);
    case 'POST /profiles':
      return json(200, { status: 'success', title: body.title, refId: 'r2', profileKey: 'NEW-PROFILE-KEY-123' }, headers);
    case 'POST /hook/webhook':
      return json(200, { status: 'success', action: body.action, url: body.url, refId: 'r' }, headers);
    case 'GET /hook/webhook':
      return json(200, { status: 'success', comments: 'https://h.example/', updated: null }, headers);
    case 'DELETE /hook/webhook':
      return json(200, { status: 'success', action: body.action }, headers);
    case 'POST /hook/webhook/secret':
      return json(200, { status: 'success', refId: 'r' }, headers);
    default:
      return json(404, { status: 'error', code: 130, message: `no canned answer for ${key}` });
  }
}
