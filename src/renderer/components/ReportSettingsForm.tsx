// A client's report settings: time zone (picked from the list; a new client starts in the user's
// own zone, reportService.ts), business days and hours, response target. Checked as the
// person types by the same schema main checks again (clientSettingsSchema); saving reads the report
// again with them. Saving sends the settings the form was opened with too, so main keeps only the
// fields changed here: another device's change that arrived meanwhile is not sent back (decision 0063).
import { useState } from 'react';
import { clientSettingsSchema, WEEKDAYS, type ClientSettings, type Weekday } from '../../shared/domain/clientSettings.ts';
import { useReportsStore } from '../stores/reportsStore.ts';

/** The zones the page's Intl knows (the renderer's list: the same names the core accepts). */
const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

/** The list to pick from: every zone, the client's own first when the list lacks it (a zone saved on another computer). */
function zoneChoices(current: string): string[] {
  return ZONES.includes(current) ? ZONES : [current, ...ZONES];
}

interface DayDraft {
  open: boolean;
  start: string;
  end: string;
}

function draftOf(settings: ClientSettings): Record<Weekday, DayDraft> {
  const days = {} as Record<Weekday, DayDraft>;
  for (const day of WEEKDAYS) {
    const hours = settings.businessHours?.[day];
    days[day] = hours ? { open: true, ...hours } : { open: false, start: '09:00', end: '17:00' };
  }
  return days;
}

export function ReportSettingsForm({ initial }: { initial: ClientSettings }) {
  const saveSettings = useReportsStore((state) => state.saveSettings);
  const [opened] = useState(initial);
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [useHours, setUseHours] = useState(initial.businessHours !== null);
  const [days, setDays] = useState(() => draftOf(initial));
  const [useTarget, setUseTarget] = useState(initial.responseTarget !== null);
  const [targetHours, setTargetHours] = useState(String((initial.responseTarget?.minutes ?? 240) / 60));
  const [targetClock, setTargetClock] = useState<'business' | 'wall'>(initial.responseTarget?.clock ?? 'business');
  const [message, setMessage] = useState<string | null>(null);

  const candidate = {
    timeZone: timeZone.trim(),
    businessHours: useHours
      ? Object.fromEntries(WEEKDAYS.filter((day) => days[day].open).map((day) => [day, { start: days[day].start, end: days[day].end }]))
      : null,
    responseTarget: useTarget ? { minutes: Math.round(Number(targetHours) * 60), clock: targetClock } : null,
  };
  const parsed = clientSettingsSchema.safeParse(candidate);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'These settings cannot be used');

  return (
    <form
      className="report-settings-form"
      aria-label="Report settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        setMessage('Saving…');
        void saveSettings(parsed.data, opened).then((refusal) => setMessage(refusal ?? 'Saved'));
      }}
    >
      <label>
        Time zone{' '}
        <select value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {zoneChoices(initial.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/gu, ' ')}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={useHours} onChange={(event) => setUseHours(event.target.checked)} /> Count business hours only
      </label>
      {useHours && (
        <fieldset className="report-days">
          <legend>Business days and hours</legend>
          {WEEKDAYS.map((day) => (
            <div key={day} className="report-day">
              <label>
                <input
                  type="checkbox"
                  checked={days[day].open}
                  onChange={(event) => setDays({ ...days, [day]: { ...days[day], open: event.target.checked } })}
                />{' '}
                {day.charAt(0).toUpperCase() + day.slice(1)}
              </label>
              <input
                type="time"
                aria-label={`${day} opens`}
                value={days[day].start}
                disabled={!days[day].open}
                onChange={(event) => setDays({ ...days, [day]: { ...days[day], start: event.target.value } })}
              />
              <input
                type="time"
                aria-label={`${day} closes`}
                value={days[day].end}
                disabled={!days[day].open}
                onChange={(event) => setDays({ ...days, [day]: { ...days[day], end: event.target.value } })}
              />
            </div>
          ))}
        </fieldset>
      )}
      <label>
        <input type="checkbox" checked={useTarget} onChange={(event) => setUseTarget(event.target.checked)} /> Response target
      </label>
      {useTarget && (
        <div className="report-target">
          <input
            type="number"
            aria-label="Target in hours"
            min="0.25"
            step="0.25"
            value={targetHours}
            onChange={(event) => setTargetHours(event.target.value)}
          />{' '}
          hours, counted in{' '}
          <select aria-label="Target clock" value={targetClock} onChange={(event) => setTargetClock(event.target.value as 'business' | 'wall')}>
            <option value="business">business hours</option>
            <option value="wall">every hour</option>
          </select>
        </div>
      )}
      {problem !== null && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button small primary" disabled={problem !== null}>
        Save settings
      </button>
      {message !== null && (
        <span className="muted small" role="status">
          {message}
        </span>
      )}
    </form>
  );
}
