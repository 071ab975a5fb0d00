/**
 * Where SitePay may open an SMTP connection (issue 27): the e-mail configuration is typed by an
 * administrator, and its test action must not become a port scanner of the server's own network.
 * - Ports: the usual SMTP ports (25, 465, 587, 2525) and those the operator adds with
 *   `MAIL_SMTP_PORTS` (a relay on an odd port; the tests' local SMTP server).
 * - Addresses: the host name is resolved first and every address it resolves to is checked; one
 *   link-local (169.254.0.0/16 — the cloud metadata service at 169.254.169.254 —, fe80::/10),
 *   metadata (fd00:ec2::254, 100.100.100.200), unspecified, multicast or broadcast address
 *   refuses the host. Loopback and private ranges stay allowed: a local MTA or the company's own
 *   relay is the usual way out, and the port rule is what stops a scan of them.
 * The connection then goes to the address checked (the name only for TLS), so a DNS answer that
 * changes between the check and the connection cannot slip past it.
 */
import dns from 'node:dns/promises';
import net from 'node:net';

export const USUAL_SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

/** The configuration names a target SitePay does not connect to: 422 smtp_target_refused. */
export class SmtpTargetRefused extends Error {}

const refused = new net.BlockList();
refused.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, cloud metadata
refused.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network"
refused.addSubnet('224.0.0.0', 3, 'ipv4'); // multicast, reserved, broadcast
refused.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
refused.addSubnet('fe80::', 10, 'ipv6'); // link-local
refused.addSubnet('ff00::', 8, 'ipv6'); // multicast
refused.addAddress('::', 'ipv6'); // unspecified
refused.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6

/** An IPv4 address written as IPv6 (`::ffff:169.254.169.254`) is checked as the IPv4 it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' };
}

export const isRefusedAddress = (address: string) => {
  const p = plain(address);
  return refused.check(p.address, p.family);
};

/**
 * The address to connect to for `host:port`, or SmtpTargetRefused; a name that does not resolve
 * throws the resolver's error (a delivery failure like any other).
 */
export async function smtpTarget(host: string, port: number, extraPorts: readonly number[] = []) {
  if (!USUAL_SMTP_PORTS.includes(port) && !extraPorts.includes(port))
    throw new SmtpTargetRefused(
      `port ${port} is not an SMTP port (${[...USUAL_SMTP_PORTS, ...extraPorts].join(', ')})`,
    );
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const bad = addresses.find(isRefusedAddress);
  if (bad !== undefined || !addresses.length)
    throw new SmtpTargetRefused(`${host} resolves to ${bad ?? 'nothing'}, a link-local or metadata address`);
  return { address: addresses[0]!, servername: net.isIP(host) ? undefined : host };
}
