// The team's connection as this page knows it (`team.status`), for Settings → Team and the sidebar's team line:
// asked when the page opens and every few seconds after (the replication's state changes without
// an event), and answered again by every change made here (join, mode, leave). The password goes
// from the form straight into `team.configure` and is never kept here.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { CommandInput } from '../../shared/bridge/contract.ts';
import { call } from '../api/bridge.ts';
import type { TeamStatus } from '../logic/teamHeadline.ts';
import { usePresenceStore } from './presenceStore.ts';
import { useTeamStore } from './teamStore.ts';

/** How often the page asks how the team is (a local call: the core answers from memory). */
export const TEAM_POLL_MS = 3_000;

type Answer = { ok: true } | { ok: false; message: string };

interface TeamStatusState {
  status: TeamStatus | null;
  /** Settings opens on its Team section (the sidebar's team line asked for it). */
  openOnTeam: boolean;
  load: () => Promise<void>;
  configure: (values: CommandInput<'team.configure'>) => Promise<Answer>;
  setMode: (mode: TeamStatus['mode']) => Promise<Answer>;
  leave: () => Promise<Answer>;
  setOpenOnTeam: (open: boolean) => void;
}

export const useTeamStatusStore = create<TeamStatusState>((set, get) => {
  /** A new status; when the device joined or left (or changed) its team, the team's members and views follow. */
  const take = (status: TeamStatus): void => {
    const before = get().status;
    set({ status });
    if (before?.joined !== status.joined || before.workspace !== status.workspace || before.member !== status.member) {
      void useTeamStore.getState().load();
      void usePresenceStore.getState().load();
    }
  };
  const answered = (result: Awaited<ReturnType<typeof call<'team.status'>>>): Answer => {
    if (!result.ok) return { ok: false, message: result.error.message };
    take(result.data);
    return { ok: true };
  };
  return {
    status: null,
    openOnTeam: false,
    async load() {
      const result = await call('team.status', {});
      if (result.ok) take(result.data);
    },
    async configure(values) {
      return answered(await call('team.configure', values));
    },
    async setMode(mode) {
      return answered(await call('team.setMode', { mode }));
    },
    async leave() {
      return answered(await call('team.leave', {}));
    },
    setOpenOnTeam(open) {
      set({ openOnTeam: open });
    },
  };
});

let readers = 0;
let timer: ReturnType<typeof setInterval> | null = null;

/** Keeps the team's status fresh while something on screen shows it (one timer however many read it). */
export function useTeamStatus(): TeamStatus | null {
  const load = useTeamStatusStore((state) => state.load);
  useEffect(() => {
    readers += 1;
    if (timer === null) {
      void load();
      timer = setInterval(() => void load(), TEAM_POLL_MS);
    }
    return () => {
      readers -= 1;
      if (readers === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
  }, [load]);
  return useTeamStatusStore((state) => state.status);
}
