// The theme in effect: the user's choice, or the system's when they chose "system". The page's
// `data-theme` carries this resolved value, so every stylesheet writes its dark rules once.
import { useEffect, useState } from 'react';
import { useSettingsStore } from '../stores/settingsStore.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function useSystemPrefersDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const change = () => setDark(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return dark;
}

export function useResolvedTheme(): 'light' | 'dark' {
  const setting = useSettingsStore((state) => state.settings.theme);
  const systemDark = useSystemPrefersDark();
  if (setting === 'system') return systemDark ? 'dark' : 'light';
  return setting;
}
