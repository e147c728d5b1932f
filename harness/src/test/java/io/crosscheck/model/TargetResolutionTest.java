package io.crosscheck.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/**
 * The one resolution of a target: literals without any lookup, {@code localhost} through this
 * host's resolver (its /etc/hosts), names under {@code .invalid} refused without asking the resolver
 * (RFC 6761). Nothing is sent anywhere.
 */
class TargetResolutionTest {
  @Test
  void anIpv4LiteralIsTakenAsSuch() {
    TargetResolution r = TargetResolution.resolve(new Target("127.0.0.1", 8080));
    assertFalse(r.failed());
    assertEquals(TargetResolution.LITERAL, r.source());
    assertEquals("127.0.0.1:8080", r.target().addressText());
    assertEquals("target http://127.0.0.1:8080 = 127.0.0.1:8080 (an address: nothing to resolve)", r.describe());
  }

  @Test
  void anIpv6LiteralIsTakenAsSuchAndTheHostHeaderKeepsItsForm() throws Exception {
    TargetResolution r = TargetResolution.resolve(new Target("2001:db8::1", 8080));
    assertEquals(TargetResolution.LITERAL, r.source());
    assertEquals(InetAddress.getByName("2001:db8:0:0:0:0:0:1"), r.target().address());
    assertEquals("[2001:db8:0:0:0:0:0:1]:8080", r.target().addressText());
    assertEquals("[2001:db8::1]:8080", r.target().hostHeader());
    assertEquals("target http://[2001:db8::1]:8080 = [2001:db8:0:0:0:0:0:1]:8080 (an address: nothing to resolve)",
        r.describe());
  }

  @Test
  void aNameIsResolvedOnceAndTheFirstAddressIsUsed() {
    TargetResolution r = TargetResolution.resolve(new Target("localhost", 8080));
    assertFalse(r.failed(), r.describe());
    assertEquals(TargetResolution.RESOLVER, r.source());
    assertFalse(r.addresses().isEmpty());
    assertEquals(r.addresses().get(0), r.target().address(), "the first address is used");
    assertTrue(r.addresses().stream().allMatch(InetAddress::isLoopbackAddress), r.addresses().toString());
    assertEquals("localhost", r.target().host(), "the name stays: it is the Host header");
    assertEquals("localhost:8080", r.target().hostHeader());
    String count = r.addresses().size() == 1 ? "1 address" : r.addresses().size() + " addresses, the first used";
    assertEquals("target http://localhost:8080 = " + r.target().addressText() + " (resolved once; " + count + ")",
        r.describe());
    System.out.println("[resolution] " + r.describe());
  }

  @Test
  void aNameUnderInvalidNeverResolvesAndTheResolverIsNotAsked() {
    for (String host : new String[] {"server.invalid", "SERVER.Invalid.", "invalid"}) {
      TargetResolution r = TargetResolution.resolve(new Target(host, 8080));
      assertTrue(r.failed(), host);
      assertTrue(r.addresses().isEmpty());
      assertNull(r.target().address(), "the given target, unresolved");
      assertEquals("target http://" + host + ":8080: no such host: " + host + " does not resolve (a name under"
          + " .invalid never does, RFC 6761; nothing was asked of the resolver)", r.describe());
    }
  }

  @Test
  void aParentsResolutionIsTakenAsGivenAndSaysSo() throws Exception {
    TargetResolution r = TargetResolution.given(new Target("server", 8080), InetAddress.getByName("127.0.9.2"));
    assertEquals("target http://server:8080 = 127.0.9.2:8080 (resolved once, by the parent process)", r.describe());
    assertEquals(new Target("server", 8080, InetAddress.getByName("127.0.9.2")), r.target());
  }

  @Test
  void aResolvedTargetConnectsToItsAddressAndAnUnresolvedLiteralToItself() throws Exception {
    Target resolved = new Target("server", 80).resolvedTo(InetAddress.getByName("127.0.9.2"));
    assertEquals(InetAddress.getByName("127.0.9.2"), resolved.socketAddress().getAddress());
    assertEquals(80, resolved.socketAddress().getPort());
    assertEquals("127.0.9.2", resolved.addressLiteral());
    assertEquals(new Target("server", 80), resolved.unresolved());
    assertEquals(InetAddress.getByName("127.0.0.1"), new Target("127.0.0.1", 80).socketAddress().getAddress());
  }
}
