// Known crawlers by name, then the generic words crawlers put in their user agent. Headless browsers
// (HeadlessChrome, used by our own end-to-end tests) are not crawlers and do not match.
const crawlerPattern =
  /googlebot|bingbot|yandexbot|baiduspider|duckduckbot|slurp|facebookexternalhit|twitterbot|linkedinbot|ahrefsbot|semrushbot|bot\b|crawler|spider/i;

export function isKnownCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && crawlerPattern.test(userAgent);
}
