// GET /user (the profile a request is for), and the user profiles: POST /profiles creates one
// (Business and Enterprise), GET /profiles lists them.
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { badRequest, ErrorCode } from '../http/errors.ts';
import { nonEmptyText, requireString } from '../http/validate.ts';
import { profileKey, refId } from '../ids.ts';
import { isoSeconds } from '../time.ts';
import { linkedNetworks, recordWrite } from './shared.ts';

function user(call: ApiCall): ApiResult {
  const { profile } = call;
  const platforms = linkedNetworks(profile);
  return {
    body: {
      activeSocialAccounts: platforms,
      displayNames: platforms.map((platform) => {
        const account = profile.accounts[platform];
        return { platform, displayName: account?.displayName, username: account?.username, id: account?.id };
      }),
      refId: profile.refId,
      title: profile.title,
      created: profile.created,
    },
  };
}

function createProfile(call: ApiCall): ApiResult {
  if (call.viaProfileKey) {
    throw badRequest(ErrorCode.invalidField, 'Profiles are created with the primary API key alone, without a Profile-Key');
  }
  const title = nonEmptyText(requireString(call.body, 'title'), 'title').trim();
  const { world } = call.runtime;
  if (world.state.profiles.some((p) => p.title.toLowerCase() === title.toLowerCase())) {
    throw badRequest(ErrorCode.duplicateTitle, `A profile titled "${title}" already exists`);
  }
  const profile = {
    refId: world.unique(
      () => refId(world.draw()),
      (id) => world.profileByRefId(id) !== undefined,
    ),
    title,
    profileKey: world.unique(
      () => profileKey(world.draw()),
      (key) => world.profileByKey(key) !== undefined,
    ),
    created: isoSeconds(call.runtime.now()),
    accounts: {},
    webhooks: {},
    webhookSecret: null,
    webhooksUpdated: null,
  };
  world.addProfile(profile);
  recordWrite(call, 'profile.create', [profile.refId], title, world.primary.refId);
  return { applied: true, body: { status: 'success', title, refId: profile.refId, profileKey: profile.profileKey } };
}

function listProfiles(call: ApiCall): ApiResult {
  const profiles = call.runtime.world.state.profiles.filter((p) => p.profileKey !== null);
  return {
    body: {
      profiles: profiles.map((p) => ({ title: p.title, refId: p.refId, activeSocialAccounts: linkedNetworks(p), created: p.created })),
    },
  };
}

export const profileRoutes: Route[] = [
  { method: 'GET', pattern: '/user', handle: user },
  { method: 'POST', pattern: '/profiles', feature: 'profiles', handle: createProfile },
  { method: 'GET', pattern: '/profiles', feature: 'profiles', handle: listProfiles },
];
