// The account side: GET /user (the profile a request is for), GET /profiles and POST /profiles
// (user profiles, Business and Enterprise plans). Public facts, Operations.
import { z } from 'zod';
import { isBlank } from './common.ts';

export const UserResponseSchema = z.looseObject({
  activeSocialAccounts: z.array(z.string()),
  displayNames: z.array(z.unknown()).optional(),
  refId: z.string(),
  title: z.string().optional(),
});
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const ProfileSummarySchema = z.looseObject({
  title: z.string(),
  refId: z.string(),
  activeSocialAccounts: z.array(z.string()).optional(),
});

export const ProfilesResponseSchema = z.looseObject({
  profiles: z.array(ProfileSummarySchema),
});
export type ProfilesResponse = z.infer<typeof ProfilesResponseSchema>;

export const CreateProfileBodySchema = z.looseObject({
  title: z.string().refine((title) => !isBlank(title), 'A profile needs a title'),
});

/** The new profile's key is a secret: the caller stores it in the vault and nowhere else. */
export const CreateProfileResponseSchema = z.looseObject({
  status: z.string(),
  title: z.string().optional(),
  refId: z.string(),
  profileKey: z.string(),
});
export type CreateProfileResponse = z.infer<typeof CreateProfileResponseSchema>;
