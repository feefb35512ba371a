/**
 * Which addresses a Web Push subscription may name (issue 23). The server POSTs to a subscription's
 * endpoint, so an endpoint of a member's choosing would make it send requests wherever they like
 * (SSRF): only the browsers' push services are accepted, over https on the default port, plus
 * origins the operator adds with PUSH_ENDPOINT_ALLOW (a local fake in tests, say).
 */

/** Host names, or `*.domain` for any host under it (not the domain itself). */
export const KNOWN_PUSH_SERVICES = [
  // Chrome, Chromium-based browsers on Android and desktop, Samsung Internet, Opera.
  'fcm.googleapis.com',
  // Firefox.
  'updates.push.services.mozilla.com',
  // Edge on Windows (Windows Push Notification Services: wns2-….notify.windows.com).
  '*.notify.windows.com',
  // Safari on macOS and iOS (Apple asks to allow every *.push.apple.com host).
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

export interface PushEndpointAllow {
  hosts: readonly string[];
  /** Exact origins (scheme, host and port) added by PUSH_ENDPOINT_ALLOW. */
  origins: readonly string[];
}

/** The built-in push services and the operator's origins (PUSH_ENDPOINT_ALLOW, parsed by config/push.ts). */
export function pushEndpointAllow(extraOrigins: readonly string[] = []): PushEndpointAllow {
  return { hosts: KNOWN_PUSH_SERVICES, origins: extraOrigins };
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

/** True when the server may send to `endpoint`: a known push service over https, or an origin the operator added. */
export function isAllowedEndpoint(endpoint: string, allow: PushEndpointAllow): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Credentials in an endpoint have no use and would be sent along: never.
  if (url.username || url.password) return false;
  if (allow.origins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return allow.hosts.some((pattern) => hostMatches(host, pattern));
}
