import axe from 'axe-core';

/**
 * Runs axe-core on what a site test rendered and fails with a readable list of the violations found (the remote's
 * component tests do the same with their own copy: packages do not import each other's test support).
 *
 * jsdom lays nothing out and paints nothing, so the rules that need layout or rendered colours (`color-contrast`,
 * `target-size`, `label-content-name-mismatch`) are left to the browser tests.
 */
export async function expectNoAxeViolations(context: Element | Document = document): Promise<void> {
  document.documentElement.lang = 'en';
  // Gatsby writes the <title> from the page's `Head` export, which a component test does not render.
  if (!document.title) document.title = 'Dcipher (test)';
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
