import { readFile } from 'node:fs/promises';
import { expect, keepScreenshot, logIn, test } from './fixtures.mjs';

/** Today as the activity filter takes it (UTC), and `days` away from it. */
const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Issue 25: the organization's settings split into pages; members in a list with a menu per row, the last admin's
// limits shown before trying, several people invited at once; the activity log in words, filtered and exported.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`the organization's pages (${viewport.name}): two people invited at once, the last admin's limits shown, the activity filtered and exported`, async ({
    page,
  }, testInfo) => {
    const stamp = `${viewport.name}.${Date.now()}`;
    const first = `first.${stamp}@example.com`;
    const second = `second.${stamp}@example.com`;
    const fitsTheScreen = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    const screenshot = (name: string) =>
      keepScreenshot(page, testInfo.outputPath(`${name}-${viewport.name}.png`), { fullPage: true });

    await page.setViewportSize(viewport);
    await logIn(page);
    await expect(page).toHaveURL(/\/workflows$/);

    // Members: Ada is the demo organization's only admin, which her row says before anything is tried.
    await page.goto('/account/organization');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
    const members = page.getByRole('region', { name: 'Members and invitations' });
    const adaRow = members.getByRole('row').filter({ hasText: 'admin@demo.dcipher.local' });
    await expect(adaRow).toContainText('The organization needs at least one admin');
    const adaActions = adaRow.getByRole('button', { name: 'Actions for Ada Admin' });
    await expect(adaActions).toHaveAttribute('aria-haspopup', 'menu');
    await adaActions.focus();
    await page.keyboard.press('ArrowDown');
    const adaMenu = page.getByRole('menu', { name: 'Actions for Ada Admin' });
    const makeTeammate = adaMenu.getByRole('menuitem', { name: /^Make teammate/ });
    await expect(makeTeammate).toBeFocused();
    await expect(makeTeammate).toHaveAttribute('aria-disabled', 'true');
    await expect(makeTeammate).toContainText('The organization needs at least one admin');
    // No Remove on one's own row.
    await expect(adaMenu.getByRole('menuitem')).toHaveText([/^Make teammate/, /^Make guest/]);
    await screenshot('members-menu');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(adaMenu).toHaveCount(0);
    await expect(adaActions).toBeFocused();

    // Two people invited in one go, one answer each.
    const invite = page.getByRole('form', { name: 'Invite members' });
    await invite.getByLabel(/^Work emails/).fill(`${first}, ${second}`);
    await invite.getByLabel('Role').selectOption('teammate');
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    const results = page.getByRole('list', { name: 'Invitation results' });
    await expect(results.getByRole('listitem')).toHaveText([
      new RegExp(`^${first.replaceAll('.', '\\.')} — Invitation sent as teammate\\.`),
      new RegExp(`^${second.replaceAll('.', '\\.')} — Invitation sent as teammate\\.`),
    ]);
    await expect(page.getByText('2 invitations sent.')).toBeVisible();
    // Every status on one line ("Invitation sent" wrapped onto two at 1366 px beside the last admin's note): an
    // inline label has one box per line it takes.
    const statusLines = () =>
      members
        .getByTestId('member-status')
        .evaluateAll((labels) => labels.map((label) => label.getClientRects().length));
    await expect(members.getByTestId('member-status').first()).toBeVisible();
    expect(new Set(await statusLines())).toEqual(new Set([1]));
    await members.getByLabel('Search by name or email').fill(stamp);
    await members.getByRole('button', { name: 'Search' }).click();
    await expect(members.getByRole('row').filter({ hasText: 'Invitation sent' })).toHaveCount(2);
    await expect.poll(statusLines).toEqual([1, 1]);
    await members.getByRole('button', { name: `Actions for ${first}` }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Resend invitation',
      'Revoke invitation',
    ]);
    await page.keyboard.press('Escape');
    await fitsTheScreen();
    await screenshot('members');
    if (viewport.name === 'phone') {
      // The narrowest phone too: the statuses that no longer wrap bring no sideways scroll.
      await page.setViewportSize({ width: 320, height: 700 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(320);
      await expect.poll(statusLines).toEqual([1, 1]);
      await page.setViewportSize(viewport);
    }

    // The activity log: in words, filtered by kind and days, exported with the same filter.
    await page.goto('/account/organization/activity');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity log');
    const activity = page.getByRole('region', { name: 'Changes to the organization' });
    await activity.getByLabel('From (day)').fill(utcDay(1));
    await activity.getByLabel('To (day)').fill(utcDay());
    await activity.getByRole('button', { name: 'Apply filter' }).click();
    await expect(activity.getByText('The start date must be on or before the end date')).toBeVisible();
    await activity.getByLabel('Show').selectOption('member');
    await activity.getByLabel('From (day)').fill(utcDay());
    await activity.getByRole('button', { name: 'Apply filter' }).click();
    const entries = activity.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect(entries.nth(0)).toContainText(`Ada Admin invited ${second} as teammate`);
    await expect(entries.nth(1)).toContainText(`Ada Admin invited ${first} as teammate`);
    await fitsTheScreen();
    await screenshot('activity');

    const download = page.waitForEvent('download');
    await activity.getByRole('button', { name: 'Export these changes (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`dcipher-activity-${utcDay()}-to-${utcDay()}.csv`);
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('time_utc,actor_name,actor_email,action,description,action_id,subject');
    expect(csv).toContain(`invited ${first} as teammate`);
    expect(csv).toContain(`invited ${second} as teammate`);
    // Only the kind asked for: every row is a member change.
    for (const line of lines.slice(1)) expect(line).toContain(',member.');
    await expect(activity.getByText(/^Exported \d+ changes? to dcipher-activity-/)).toBeVisible();

    // The organization's other pages.
    await page.goto('/account/organization/general');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('General');
    await expect(page.getByLabel('Organization name')).toHaveValue('Demo Org');
    await expect(page.getByRole('link', { name: 'Delete the organization…' })).toBeVisible();
    await fitsTheScreen();
    await screenshot('general');
    await page.goto('/account/organization/security');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security policies');
    await expect(page.getByRole('region', { name: 'Password expiration' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Two-step verification for everyone' })).toBeVisible();
    await fitsTheScreen();
    await screenshot('security');
  });
}
