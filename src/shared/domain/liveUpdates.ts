// Settings → Team → Live updates (decision 0072, part 6; decision 0083): what the panel shows of the
// workspace's event address on each client (registered for new comments and messages or not, and
// when this device last heard an event for it), and what it sends to turn them on. The address
// carries the proxy route's secret path: it goes into main once and never comes back; the panel
// sees only the server's name.
import { z } from 'zod';

const text = z.string().max(2048);

/**
 * One action's registration on a client: ours (the workspace's event address), none, another
 * address (the person's own receiver, which live updates leave alone), or unknown (the service
 * could not be asked; `problem` says why).
 */
export const LiveRegistrationSchema = z.enum(['ours', 'none', 'other', 'unknown']);
export type LiveRegistration = z.infer<typeof LiveRegistrationSchema>;

export const LiveClientSchema = z.object({
  profileId: text,
  title: text,
  comments: LiveRegistrationSchema,
  messages: LiveRegistrationSchema,
  /** When this device last heard an event for the client (epoch ms), or null. */
  lastEventAt: z.number().nullable(),
  /** Why the service could not be asked or would not register, in words; null when all went well. */
  problem: text.nullable(),
});
export type LiveClientView = z.infer<typeof LiveClientSchema>;

export const LiveUpdatesSchema = z.object({
  /** In a team workspace: live updates need one (solo devices poll as always). */
  inTeam: z.boolean(),
  /** The server's name of the saved event address ("couch.example.org"), never its path; null when none is saved. */
  addressHost: text.nullable(),
  clients: z.array(LiveClientSchema).max(1000),
});
export type LiveUpdatesView = z.infer<typeof LiveUpdatesSchema>;

/** Only the last event times: the panel asks these every few seconds (a local call, no request to the service). */
export const LiveEventTimesSchema = z.object({
  clients: z.array(z.object({ profileId: text, lastEventAt: z.number().nullable() })).max(1000),
});
export type LiveEventTimes = z.infer<typeof LiveEventTimesSchema>;
