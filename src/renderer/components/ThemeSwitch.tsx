// System / Light / Dark, saved in the settings.
import { useSettingsStore } from '../stores/settingsStore.ts';

export function ThemeSwitch() {
  const theme = useSettingsStore((state) => state.settings.theme);
  const setTheme = useSettingsStore((state) => state.setTheme);
  return (
    <div className="segmented" role="group" aria-label="Theme">
      {(['system', 'light', 'dark'] as const).map((value) => (
        <button key={value} type="button" aria-pressed={theme === value} className={theme === value ? 'is-on' : ''} onClick={() => void setTheme(value)}>
          {value === 'system' ? 'Auto' : value === 'light' ? 'Light' : 'Dark'}
        </button>
      ))}
    </div>
  );
}
