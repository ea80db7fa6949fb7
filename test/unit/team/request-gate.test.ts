// The sync server's gate: what a member may reach (replication, documents, checkpoints) and what
// only an admin may (creating databases, design documents, _config, _users, _replicate).
import { describe, expect, it } from 'vitest';
import { basicCredentials, memberRefusal } from '../../../src/syncServer/requestGate.ts';

describe('the sync server gate', () => {
  it('lets members reach what replication and claims need', () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/team'],
      ['GET', '/team/_changes?feed=longpoll&since=0'],
      ['POST', '/team/_bulk_docs'],
      ['POST', '/team/_bulk_get'],
      ['POST', '/team/_revs_diff'],
      ['PUT', '/team/_local/checkpoint'],
      ['PUT', '/team/claim%3Afacebook%3Ac1'],
      ['GET', '/team/_design/team'],
      ['POST', '/_session'],
    ]) {
      expect(memberRefusal(method as string, path as string)).toBeNull();
    }
  });

  it('keeps admin work to admins', () => {
    for (const [method, path] of [
      ['PUT', '/team'],
      ['DELETE', '/team'],
      ['PUT', '/team/_design/team'],
      ['PUT', '/team/_security'],
      ['POST', '/team/_compact'],
      ['GET', '/_config'],
      ['GET', '/_users/_all_docs'],
      ['POST', '/_replicate'],
      ['GET', '/_utils/'],
      ['GET', '/_all_dbs'],
      ['GET', '/%E0%A4%A'],
    ]) {
      expect(memberRefusal(method as string, path as string)?.status).toBe(403);
    }
  });

  it('reads a Basic header and nothing else', () => {
    expect(basicCredentials(`Basic ${Buffer.from('ann:pa:ss').toString('base64')}`)).toEqual({ name: 'ann', password: 'pa:ss' });
    expect(basicCredentials('Bearer abc')).toBeNull();
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeNull();
  });
});
