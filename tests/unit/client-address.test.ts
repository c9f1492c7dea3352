import { describe, expect, it } from "vitest";
import { clientKey } from "#server/client-address";

describe("the client key of a request's address", () => {
  it("is the IPv4 address itself", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("127.0.0.1")).toBe("127.0.0.1");
  });

  it("is the IPv6 address's /64: addresses of one block share it, whatever their spelling", () => {
    const key = clientKey("2001:db8:1234:5678::1");
    expect(key).toBe("2001:db8:1234:5678::/64");
    expect(clientKey("2001:0db8:1234:5678:ffff:aaaa:bbbb:cccc")).toBe(key);
    expect(clientKey("2001:DB8:1234:5678:0:0:0:2")).toBe(key);
    expect(clientKey("2001:db8:1234:5679::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });
});
