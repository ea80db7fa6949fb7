// A client's report settings form, saved against what changed while it was open (issue 22; decision
// 0063). The form sends the settings it shows and the ones it was opened with; in a team another
// device's change (say, the time zone) may have arrived in between. Only the fields the person
// changed since opening are applied onto the settings as they are now, so the other device's field
// keeps its value here and, since only changed fields are shared (teamClientSettings.ts), everywhere.
import { isDeepStrictEqual } from 'node:util';
import type { ClientSettings } from '../../../shared/domain/clientSettings.ts';

const FIELDS = ['timeZone', 'businessHours', 'responseTarget'] as const;

/** `saved` against `opened`, applied onto `current` (a field the person left as opened keeps its current value). */
export function editedClientSettings(opened: ClientSettings, saved: ClientSettings, current: ClientSettings): ClientSettings {
  const edited: Record<string, unknown> = { ...current };
  for (const field of FIELDS) if (!isDeepStrictEqual(opened[field], saved[field])) edited[field] = saved[field];
  return edited as ClientSettings;
}
