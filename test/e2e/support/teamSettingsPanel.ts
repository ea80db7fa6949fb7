// Ann's host started with --sync-url, --member and --device-name (teamHosts.ts): her sidebar's team line
// opens Settings → Team, which shows those settings. Shared by the sidebar's team journey (npm test)
// and team-settings.spec.ts's long form (decision 0080), which adds its screenshot.
import { expect, type Page } from '@playwright/test';
import type { TeamHosts } from './teamHosts.ts';

export async function openAnnTeamSettingsFromSidebar(page: Page, team: TeamHosts): Promise<void> {
  const line = page.getByRole('button', { name: /Connected to agency as ann on laptop · up to date/ });
  await expect(line).toBeVisible({ timeout: 20_000 });
  await line.click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('status')).toHaveText('Connected to agency as ann on laptop · up to date');
  await expect(panel.getByLabel('Team server address')).toHaveValue(team.syncUrl.replace(/\/agency$/, ''));
  await expect(panel.getByLabel('Workspace')).toHaveValue('agency');
  await expect(panel.getByLabel('Your name in the team')).toHaveValue('ann');
  await expect(panel.getByLabel('This device’s name')).toHaveValue('laptop');
  await expect(panel.getByLabel('Password')).toHaveAttribute('placeholder', 'saved');
  await expect(panel.getByLabel(/Hold my replies/)).toBeChecked();
}
