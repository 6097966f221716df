import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.mjs';

for (const route of ['/', '/pricing', '/blog', 'first blog post']) {
  test(`axe finds no accessibility violations on ${route}`, async ({ page }) => {
    if (route === 'first blog post') {
      await page.goto('/blog');
      await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').click();
      await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    } else {
      await page.goto(route);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The consent banner is part of the page a first-time visitor sees: it is checked too.
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}
