/**
 * @module settings/url-host
 * A host as a URL writes it (`server.host` in the service URL, the address a CLI command calls, the
 * names a `Host` header is compared with): an IPv6 address in brackets, anything else as it is.
 */
export function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
