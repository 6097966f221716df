import axe from 'axe-core';

/**
 * Runs axe-core on the page as the site hosts the account area: the host's layout gives `<html lang>` and wraps the
 * remote in its `<main>` landmark, so tests render the remote inside `<main>` (as the tests do) and the page
 * language is set here.
 *
 * Runs axe-core on what is rendered and fails with a readable list of the violations found.
 *
 * jsdom lays nothing out and paints nothing, so rules that need layout or rendered colours cannot be judged here:
 * `color-contrast` (and its enhanced variant) reads computed colours over painted backgrounds, `target-size`
 * measures boxes, which jsdom reports as 0×0, and `label-content-name-mismatch` draws text on a canvas to spot icon
 * fonts, which jsdom lacks (it logs "Not implemented: HTMLCanvasElement.prototype.getContext" and the rule errors).
 * They need a real browser.
 */
export async function expectNoAxeViolations(context: Element | Document = document): Promise<void> {
  document.documentElement.lang = 'en';
  const results = await axe.run(context, {
    rules: {
      'color-contrast': { enabled: false },
      'color-contrast-enhanced': { enabled: false },
      'target-size': { enabled: false },
      'label-content-name-mismatch': { enabled: false },
    },
    resultTypes: ['violations'],
  });
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `  ${node.html}${node.failureSummary ? `\n    ${node.failureSummary}` : ''}`)
        .join('\n')}`,
  );
  expect(found).toEqual([]);
}
