// Settings → Team → Live updates (decision 0072 part 6, decision 0083): registers the workspace's
// event address (the team proxy's secret route, https://<team host>/hooks/<secret>) for new comments
// and new messages on every client, through the service's webhook registration (webhookService.ts),
// says per client whether it is registered and when this device last heard an event, and takes it
// back. The address is a secret (whoever has it can write events): it is kept in the vault (in memory
// when the vault cannot keep it), blanked out of every message, and the screen sees only its host.
// A client whose action already goes to another address (the person's own receiver) is left alone:
// one address per action, and live updates must not take someone's receiver away.
import { serviceErrorFacts } from '../bridge/errorMapping.ts';
import { errorSentence } from '../../../shared/domain/errorWords.ts';
import type { LiveClientView, LiveRegistration, LiveUpdatesView } from '../../../shared/domain/liveUpdates.ts';
import type { WebhookAction } from '../../../shared/networks.ts';
import { refuse } from '../refusal.ts';
import { ServiceClientError } from '../service/errors.ts';
import type { SecretVault } from '../ports.ts';
import type { WebhookList } from './webhookService.ts';

/** The two actions a live event can nudge (liveEventShape.ts). */
export const LIVE_ACTIONS = ['comments', 'messages'] as const satisfies readonly WebhookAction[];

export interface LiveUpdatesSetupDeps {
  /** The workspace this device joined now, or null (live updates need one). */
  joined(): { serverUrl: string; workspace: string } | null;
  /** Every client profile, in the order Settings lists them. */
  clients(): { profileId: string; title: string }[];
  webhooks: {
    list(profileId: string): Promise<WebhookList>;
    register(profileId: string, action: WebhookAction, url: string): Promise<WebhookList>;
    unregister(profileId: string, action: WebhookAction): Promise<WebhookList>;
  };
  vault: Pick<SecretVault, 'liveEventAddress' | 'setLiveEventAddress'>;
  /** Blanks the address out of every later message and log line (the bridge's last guard). */
  remember(secret: string): void;
  lastEventAt(profileId: string): number | null;
}

export class LiveUpdatesSetup {
  readonly #deps: LiveUpdatesSetupDeps;
  /** Where the vault cannot keep the address: for this run, by workspace address. */
  readonly #inMemory = new Map<string, string>();

  constructor(deps: LiveUpdatesSetupDeps) {
    this.#deps = deps;
  }

  /** Each client's registration (one GET /hook/webhook each) and its last event here. */
  async view(): Promise<LiveUpdatesView> {
    const team = this.#deps.joined();
    if (team === null) return { inTeam: false, addressHost: null, clients: [] };
    const address = await this.#address(team);
    const clients = await this.#eachClient(async (profileId) => this.#deps.webhooks.list(profileId), address);
    return { inTeam: true, addressHost: hostOf(address), clients };
  }

  /**
   * The team's saved address, hidden from the screen from now on (the Webhooks panel shows what the
   * service holds): asked when the core starts with a team set and when it joins one.
   */
  async recall(team: { serverUrl: string; workspace: string }): Promise<void> {
    await this.#address(team);
  }

  lastEventTimes(): { clients: { profileId: string; lastEventAt: number | null }[] } {
    return { clients: this.#deps.clients().map(({ profileId }) => ({ profileId, lastEventAt: this.#deps.lastEventAt(profileId) })) };
  }

  /** Registers the address (typed now, or the one saved) for comments and messages on every client where no other address has them. */
  async turnOn(typed: string | undefined): Promise<LiveUpdatesView> {
    const team = this.#deps.joined();
    if (team === null) refuse('Live updates need a team: join one above first.');
    if (typed !== undefined) {
      this.#deps.remember(typed);
      await this.#saveAddress(team, typed);
    }
    const address = await this.#address(team);
    if (address === null) refuse('Enter the event address your team server gives the service (it starts with https://).');
    const clients = await this.#eachClient(async (profileId) => {
      let list = await this.#deps.webhooks.list(profileId);
      for (const action of LIVE_ACTIONS) {
        if (registrationOf(list, action, address) === 'none') list = await this.#deps.webhooks.register(profileId, action, address);
      }
      return list;
    }, address);
    return { inTeam: true, addressHost: hostOf(address), clients };
  }

  /** Unregisters comments and messages on every client where they go to the event address; another address stays. */
  async turnOff(): Promise<LiveUpdatesView> {
    const team = this.#deps.joined();
    if (team === null) refuse('Live updates need a team: join one above first.');
    const address = await this.#address(team);
    if (address === null) refuse('No event address is saved on this device, so there is nothing of it to take back.');
    const clients = await this.#eachClient(async (profileId) => {
      let list = await this.#deps.webhooks.list(profileId);
      for (const action of LIVE_ACTIONS) {
        if (registrationOf(list, action, address) === 'ours') list = await this.#deps.webhooks.unregister(profileId, action);
      }
      return list;
    }, address);
    return { inTeam: true, addressHost: hostOf(address), clients };
  }

  /** One client after the other (each costs requests under its own budget); a failure stays that client's. */
  async #eachClient(work: (profileId: string) => Promise<WebhookList>, address: string | null): Promise<LiveClientView[]> {
    const views: LiveClientView[] = [];
    for (const { profileId, title } of this.#deps.clients()) {
      const lastEventAt = this.#deps.lastEventAt(profileId);
      try {
        const list = await work(profileId);
        views.push({
          profileId,
          title,
          comments: registrationOf(list, 'comments', address),
          messages: registrationOf(list, 'messages', address),
          lastEventAt,
          problem: null,
        });
      } catch (error) {
        views.push({ profileId, title, comments: 'unknown', messages: 'unknown', lastEventAt, problem: problemOf(error) });
      }
    }
    return views;
  }

  async #address(team: { serverUrl: string; workspace: string }): Promise<string | null> {
    const saved = this.#deps.vault.liveEventAddress
      ? await this.#deps.vault.liveEventAddress(team.serverUrl, team.workspace)
      : (this.#inMemory.get(slotOf(team)) ?? null);
    if (saved !== null) this.#deps.remember(saved);
    return saved;
  }

  async #saveAddress(team: { serverUrl: string; workspace: string }, address: string): Promise<void> {
    if (this.#deps.vault.setLiveEventAddress) await this.#deps.vault.setLiveEventAddress(team.serverUrl, team.workspace, address);
    else this.#inMemory.set(slotOf(team), address);
  }
}

function slotOf(team: { serverUrl: string; workspace: string }): string {
  return `${team.serverUrl}\n${team.workspace}`;
}

function registrationOf(list: WebhookList, action: WebhookAction, address: string | null): LiveRegistration {
  const registered = list.webhooks.find((webhook) => webhook.action === action);
  if (registered === undefined) return 'none';
  return registered.url === address ? 'ours' : 'other';
}

/** The address's server name only: its path is the route's secret. */
function hostOf(address: string | null): string | null {
  if (address === null) return null;
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

function problemOf(error: unknown): string {
  if (error instanceof ServiceClientError) return errorSentence(serviceErrorFacts(error), { subject: 'action', next: 'none' });
  if (error instanceof Error && error.name === 'CoreRefusal') return error.message;
  return 'The service could not be asked about this client; try again in a moment.';
}
