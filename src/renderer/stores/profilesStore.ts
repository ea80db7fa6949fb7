// Accounts and their profiles (the clients), for the sidebar, the rows and the 1…9 keys.
import { create } from 'zustand';
import type { AccountSummary, ProfileView } from '../../shared/domain/accounts.ts';
import { call, on } from '../api/bridge.ts';

/** Calm, distinct client colours for profiles that have none chosen yet. */
const PALETTE = ['#5b7cfa', '#e0795b', '#3fa37a', '#b065c9', '#d4a017', '#3a9dbf', '#d0577e', '#7c8a3d'];

interface ProfilesState {
  accounts: AccountSummary[];
  profiles: ProfileView[];
  loaded: boolean;
  load: () => Promise<void>;
}

export const useProfilesStore = create<ProfilesState>((set) => ({
  accounts: [],
  profiles: [],
  loaded: false,
  async load() {
    const [accounts, profiles] = await Promise.all([call('accounts.list', {}), call('profiles.list', {})]);
    set({
      accounts: accounts.ok ? accounts.data.accounts : [],
      profiles: profiles.ok ? profiles.data.profiles : [],
      loaded: true,
    });
  },
}));

export function profileColor(profiles: readonly ProfileView[], profileId: string): string {
  const index = profiles.findIndex((profile) => profile.profileId === profileId);
  const profile = profiles[index];
  if (profile?.color) return profile.color;
  return PALETTE[(index < 0 ? 0 : index) % PALETTE.length] ?? '#5b7cfa';
}

export function profileTitle(profiles: readonly ProfileView[], profileId: string): string {
  return profiles.find((profile) => profile.profileId === profileId)?.title ?? 'Unknown client';
}

/** An account added or removed: its clients are read again (stores/liveUpdates.ts starts this). */
export function listenForProfiles(): (() => void)[] {
  return [on('accounts.changed', () => void useProfilesStore.getState().load())];
}
