import { chromium } from '@playwright/test';
const [,, url, width, out, selector] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url);
if (selector) await page.locator(selector).first().screenshot({ path: out });
else await page.screenshot({ path: out, fullPage: true });
console.log('scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
await browser.close();
