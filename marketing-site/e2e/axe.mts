import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core reads options per check from its run options, which its `RunOptions` type leaves out. */
const frameNotTestedIsViolation = { checks: { 'frame-tested': { options: { isViolation: true } } } };

/**
 * What axe finds on the page as it is (WCAG 2.1 A and AA, and axe's best practices), one line per rule with the
 * elements it found: the one check every browser test of a page or screen runs. Only violations are asked for
 * (`resultTypes`): every rule still runs on every element, but axe no longer works out a selector and HTML for each
 * element that passed, which the tests never read (about 30 % of axe's time on a page of 150 sections here, issue 33).
 *
 * A page without frames is checked with `axe.run` in the page itself (`setLegacyMode`): the default
 * (`runPartial`, then `finishRun` in a blank page it opens for each check, so that cross-origin frames can be
 * combined) found the same violations at about 1.7 times the CPU, a new page and a second copy of axe per check
 * (20 site pages at 390 px: 59–64 s of CPU against 33–37 s, docs/decisions/0131). A page with frames keeps the
 * default, so a frame is never left unchecked: @axe-core/playwright is patched to give axe 30 s, not 1 s, to load into
 * a frame (it took more than 1 s on a busy machine, and the frame was left out of the results without a word), and a
 * frame axe could still not test is a violation (`frame-tested`), not a result to review (docs/decisions/0154).
 */
export const axeViolations = async (page: Page): Promise<string[]> =>
  (
    await new AxeBuilder({ page })
      .setLegacyMode(page.frames().length === 1)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'], ...frameNotTestedIsViolation })
      .analyze()
  ).violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')}`,
  );
