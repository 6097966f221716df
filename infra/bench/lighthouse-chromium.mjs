/**
 * The system Chromium, headless and quiet, as both Lighthouse benchmarks drive it (never a downloaded browser).
 */
export async function launchBenchChromium() {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
