// Settings → Team → Live updates (decision 0072 part 6, decision 0083): the event address typed once
// (main keeps it; only its server's name comes back), one command that registers it for new
// comments and messages on every client and one that takes it back (commands/teamCommands.ts,
// drawn as CommandButtons), and per client whether it is on and when the last event came here.
// The app's own checking goes on underneath, so the words say it is a faster path, not the only one.
import { useEffect, useId } from 'react';
import { appActions } from '../../actions.ts';
import { appCommands } from '../../commands/registry.ts';
import { isLive, lastEventWords, registrationWords } from '../../logic/liveUpdateWords.ts';
import { exactTime, relativeTime } from '../../logic/relativeTime.ts';
import { useClock } from '../../stores/clockStore.ts';
import { LIVE_TIMES_POLL_MS, useLiveRegistrationStore } from '../../stores/liveRegistrationStore.ts';
import { CommandButton } from '../CommandButton.tsx';
import { FormMessage } from '../FormMessage.tsx';

const MINUTE_MS = 60_000;

export function LiveUpdatesSection() {
  const view = useLiveRegistrationStore((state) => state.view);
  const address = useLiveRegistrationStore((state) => state.address);
  const busy = useLiveRegistrationStore((state) => state.busy);
  const message = useLiveRegistrationStore((state) => state.message);
  const setAddress = useLiveRegistrationStore((state) => state.setAddress);
  const minute = useClock((now) => Math.floor(now / MINUTE_MS) * MINUTE_MS);
  const hintId = useId();

  const load = useLiveRegistrationStore((state) => state.load);
  const loadTimes = useLiveRegistrationStore((state) => state.loadTimes);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void loadTimes(), LIVE_TIMES_POLL_MS);
    return () => clearInterval(timer);
  }, [load, loadTimes]);

  const anyOn = view?.clients.some(isLive) ?? false;
  // Every client on: nothing to turn on unless a new address is typed.
  const allOn = view !== null && view.clients.length > 0 && view.clients.every((client) => client.comments === 'ours' && client.messages === 'ours');
  return (
    <section className="settings-section live-updates" aria-labelledby="live-updates-heading">
      <h3 id="live-updates-heading">Live updates</h3>
      <p className="muted small">
        New comments and messages can reach every device of the team within seconds: the service tells your team server, and the server tells your devices. The
        app keeps checking for news on its own as well (a little less often while news arrives this way), so nothing is missed if the server stops passing it
        on.
      </p>
      {/* Enter in the address runs the same command as the button. */}
      <form
        className="form settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          appCommands.byId('liveUpdatesOn')?.run?.({}, appActions);
        }}
      >
        <label>
          Event address from your team server
          <input
            type="url"
            value={address}
            placeholder={view?.addressHost ? `saved (on ${view.addressHost})` : 'https://couch.example.org/hooks/…'}
            autoComplete="off"
            aria-describedby={hintId}
            onChange={(event) => setAddress(event.target.value)}
          />
        </label>
        <p className="muted small" id={hintId}>
          {view?.addressHost
            ? 'The address is kept on this device and never shown again. Type one only to change it.'
            : 'Whoever set up your team server has it (the hooks route of its setup). It is kept on this device and never shown again.'}
        </p>
        <FormMessage message={message} />
        <div className="form-actions">
          {anyOn && <CommandButton command="liveUpdatesOff" className="button ghost" />}
          {(!allOn || address.trim() !== '') && (
            <CommandButton command="liveUpdatesOn" className="button primary" label={busy === 'on' ? 'Turning on…' : undefined} />
          )}
        </div>
      </form>
      {view === null ? (
        <p className="muted small">Asking the service which clients have live updates…</p>
      ) : (
        <ul className="live-clients" aria-label="Live updates per client">
          {view.clients.map((client) => (
            <li key={client.profileId} className={`team-line ${isLive(client) ? 'is-ok' : client.problem ? 'is-trouble' : ''}`}>
              <span className="team-dot" aria-hidden="true" />
              <span className="live-client-name">{client.title}</span>
              <span className="live-client-state">{registrationWords(client)}</span>
              <span className="muted live-client-event" title={client.lastEventAt === null ? undefined : exactTime(client.lastEventAt)}>
                {lastEventWords(client.lastEventAt, Math.max(minute, client.lastEventAt ?? 0), relativeTime)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
