import Bowser from 'bowser';

/** Where a sign-in came from, as the request showed it. */
export interface SignInContext {
  userAgent: string;
  ipAddress: string;
}

/** A readable browser and operating system, such as "Firefox 128" and "Windows 10"; '' where unknown. */
export interface DeviceLabel {
  browser: string;
  os: string;
}

/** User agents are client-chosen: kept bounded (and the header cannot carry NUL bytes, which PostgreSQL refuses). */
export const userAgentMaxLength = 512;

const majorMinor = (version: string | undefined) => version?.split('.').slice(0, 2).join('.') ?? '';
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/** Reads the user agent with bowser (docs/decisions/0025); anything it does not know stays ''. */
export function describeUserAgent(userAgent: string): DeviceLabel {
  if (!userAgent) return { browser: '', os: '' };
  try {
    const { browser, os } = Bowser.parse(userAgent.slice(0, userAgentMaxLength));
    return {
      browser: join(browser.name, browser.version?.split('.')[0]),
      os: join(os.name, os.versionName ?? majorMinor(os.version)),
    };
  } catch {
    return { browser: '', os: '' };
  }
}

/** The sign-in context of a Fastify request: its user agent (bounded) and its address. */
export function signInContextOf(request: {
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}): SignInContext {
  const header = request.headers['user-agent'];
  const userAgent = (Array.isArray(header) ? header[0] : header) ?? '';
  return { userAgent: userAgent.slice(0, userAgentMaxLength), ipAddress: request.ip };
}
