// The X (Twitter) OAuth 1.0a key pair, as both the add-account form and "Replace keys" ask for it.
// Password fields without autocomplete: the pair is a secret, never shown back.

export interface XKeyPair {
  key: string;
  secret: string;
}

export const NO_X_PAIR: XKeyPair = { key: '', secret: '' };

export function XKeyPairFields({ value, onChange }: { value: XKeyPair; onChange: (next: XKeyPair) => void }) {
  return (
    <div className="settings-row">
      <label>
        X API key
        <input type="password" autoComplete="off" value={value.key} onChange={(event) => onChange({ ...value, key: event.target.value })} />
      </label>
      <label>
        X API secret
        <input type="password" autoComplete="off" value={value.secret} onChange={(event) => onChange({ ...value, secret: event.target.value })} />
      </label>
    </div>
  );
}

/** Whether the person typed anything into the pair (then both go to the core, which checks them). */
export function hasXKeyPair(pair: XKeyPair): boolean {
  return pair.key.trim() !== '' || pair.secret.trim() !== '';
}
