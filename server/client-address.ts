// Who a request comes from, for limits counted per client: one IPv4 address, or one IPv6 /64 (the block one
// home or phone gets; counting single IPv6 addresses would let a client rotate through 2^64 of them).
import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import type { Config } from "./config";

/** The IPv6 address's eight groups, each without leading zeros; null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  if (!isIPv6(address)) return null;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::") as [string, string | undefined];
  const part = (text: string) => (text ? text.split(":") : []);
  const lastIsIPv4 = (groups: string[]) => {
    const last = groups.at(-1);
    if (!last?.includes(".")) return groups;
    const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const left = lastIsIPv4(part(head));
  const right = tail === undefined ? [] : lastIsIPv4(part(tail));
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

/** The key of a client address: the IPv4 address itself (also when IPv4-mapped), or its IPv6 /64 prefix. */
export function clientKey(ip: string): string {
  // An IPv4 address as it comes from the socket: no need for the IPv6 parser's long pattern.
  if (!ip.includes(":")) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff") {
    const [hi, lo] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/**
 * A raw request's client address as Fastify's `request.ip` gives it for the TRUST_PROXY setting (config.ts): the
 * socket's address, or, with trusted proxies, the farthest address the trusted hops vouch for. For answers sent
 * ahead of Fastify (server/first-answer.ts), which must count calls under the very key Fastify's hooks use.
 */
export function requestAddress(trustProxy: Config["TRUST_PROXY"]): (request: IncomingMessage) => string | undefined {
  if (trustProxy === false) return (request) => request.socket.remoteAddress;
  const trusted =
    trustProxy === true ? () => true : typeof trustProxy === "function" ? trustProxy : proxyAddr.compile(trustProxy.split(",").map((v) => v.trim()));
  return (request) => proxyAddr.all(request, trusted).at(-1);
}
