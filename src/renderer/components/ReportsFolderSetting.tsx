// Where the reports prepared on the 1st are kept, and on the desktop "Change folder…" (the system's
// folder dialog, in main; the page never names a path). Shown in Settings and above the Prepared
// reports list. A browser cannot choose: the web host keeps them in its data folder and says so.
import { useCallback, useEffect, useState } from 'react';
import { call, on } from '../api/bridge.ts';
import './preparedReports.css';

export function ReportsFolderSetting({ onChanged }: { onChanged?: () => void }) {
  const [where, setWhere] = useState<{ folder: string; canChoose: boolean } | null>(null);
  const [note, setNote] = useState('');
  const load = useCallback(() => {
    void call('reports.prepared.list', {}).then((answer) => {
      if (answer.ok) setWhere({ folder: answer.data.folder, canChoose: answer.data.canChooseFolder });
    });
  }, []);
  useEffect(load, [load]);
  useEffect(() => on('settings.changed', load), [load]);

  const choose = async () => {
    setNote('');
    const answer = await call('reports.prepared.chooseFolder', {});
    if (!answer.ok) setNote(answer.error.message);
    else if (answer.data.outcome === 'saved') {
      setNote(answer.data.months === 0 ? 'New reports will be kept there.' : 'The reports kept so far were copied there; new ones will be kept there too.');
      load();
      onChanged?.();
    }
  };
  if (where === null) return null;
  return (
    <p className="muted small prepared-folder">
      Prepared reports are kept in <span className="prepared-path">{where.folder}</span>
      {where.canChoose && (
        <button type="button" className="button small ghost" onClick={() => void choose()}>
          Change folder…
        </button>
      )}
      {note !== '' && <span role="status">{note}</span>}
    </p>
  );
}
