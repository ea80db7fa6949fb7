// GET /user, GET /profiles, POST /profiles.
import {
  CreateProfileBodySchema,
  type CreateProfileResponse,
  CreateProfileResponseSchema,
  type ProfilesResponse,
  ProfilesResponseSchema,
  type UserResponse,
  UserResponseSchema,
} from '../../../../shared/wire/profiles.ts';
import type { CallTarget } from '../credentials.ts';
import { RequestInvalidError } from '../errors.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner } from '../requestRunner.ts';

/** The profile the call is for: its linked networks, display names and refId. */
export async function user(runner: RequestRunner, target: CallTarget, options?: CallOptions): Promise<UserResponse> {
  const answer = await runner.run(
    target,
    { operation: 'user', method: 'GET', path: '/user', write: false, targetsTwitter: false, answer: UserResponseSchema },
    options,
  );
  return answer.value;
}

/** The account's user profiles (Business and Enterprise plans). */
export async function listProfiles(runner: RequestRunner, target: CallTarget, options?: CallOptions): Promise<ProfilesResponse> {
  const answer = await runner.run(
    target,
    { operation: 'listProfiles', method: 'GET', path: '/profiles', write: false, targetsTwitter: false, answer: ProfilesResponseSchema },
    options,
  );
  return answer.value;
}

/** A new user profile. Its `profileKey` is a secret: store it in the vault, nowhere else. */
export async function createProfile(
  runner: RequestRunner,
  target: CallTarget,
  input: { title: string },
  options?: CallOptions,
): Promise<CreateProfileResponse> {
  if (target.profileId !== undefined) {
    throw new RequestInvalidError('createProfile', [
      { path: 'profileId', message: 'Profiles are created by the account itself (the primary profile), not on behalf of a client profile' },
    ]);
  }
  const body = checkRequest('createProfile', CreateProfileBodySchema, input);
  const answer = await runner.run(
    target,
    { operation: 'createProfile', method: 'POST', path: '/profiles', body, write: true, targetsTwitter: false, answer: CreateProfileResponseSchema },
    options,
  );
  return answer.value;
}
