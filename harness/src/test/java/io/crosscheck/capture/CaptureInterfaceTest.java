package io.crosscheck.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/**
 * The capture interface from the kernel's route: parsed from what {@code ip -o route get} prints (lines as
 * iproute2 6.1 prints them), chosen with or without {@code --interface}. Nothing is sent; the routes are canned
 * except for the one lookup of 127.0.0.1 on this host.
 */
class CaptureInterfaceTest {
  /** From the client namespace of scripts/two-hosts.sh. */
  private static final String VETH = "127.0.9.2 dev cc0 src 127.0.9.1 uid 0 \\    cache ";
  private static final String LOCAL = "local 127.0.0.1 dev lo src 127.0.0.1 uid 0 \\    cache <local> ";

  private static KernelRoute.Source answering(String output) {
    return address -> KernelRoute.parse(address, output);
  }

  private static KernelRoute.Source failing(String why) {
    return address -> {
      throw new IOException(why);
    };
  }

  private static InetAddress at(String literal) throws Exception {
    return InetAddress.getByName(literal);
  }

  @Test
  void routesAreReadAsIpPrintsThem() throws Exception {
    KernelRoute veth = KernelRoute.parse("127.0.9.2", VETH);
    assertEquals("cc0", veth.device());
    assertFalse(veth.local());
    assertEquals("127.0.9.2 dev cc0 src 127.0.9.1 uid 0 cache", veth.line(), "one line, continuation marks dropped");
    KernelRoute local = KernelRoute.parse("127.0.0.1", LOCAL);
    assertEquals("lo", local.device());
    assertTrue(local.local());
    KernelRoute v6 = KernelRoute.parse("::1", "local ::1 from :: dev lo table local proto kernel src ::1 metric 0 pref"
        + " medium");
    assertEquals("lo", v6.device());
    assertTrue(v6.local());
    KernelRoute via = KernelRoute.parse("127.0.10.5", "127.0.10.5 via 127.0.9.254 dev cc1 src 127.0.9.1 uid 0");
    assertEquals("cc1", via.device());
    IOException nowhere = assertThrows(IOException.class, () -> KernelRoute.parse("127.0.10.5",
        "unreachable 127.0.10.5 uid 0"));
    assertEquals("the kernel has no usable route to 127.0.10.5 (unreachable 127.0.10.5 uid 0)", nowhere.getMessage());
    IOException noDevice = assertThrows(IOException.class, () -> KernelRoute.parse("127.0.10.5", "127.0.10.5 uid 0"));
    assertEquals("the kernel's route to 127.0.10.5 names no interface (127.0.10.5 uid 0)", noDevice.getMessage());
    assertThrows(IOException.class, () -> KernelRoute.parse("127.0.10.5", ""));
  }

  @Test
  void thisHostsLoopbackIsALocalRoute() throws Exception {
    KernelRoute route = KernelRoute.lookup("127.0.0.1");
    assertTrue(route.local(), route.line());
    assertEquals("lo", route.device());
  }

  @Test
  void withoutAnOptionTheRouteChooses() throws Exception {
    CaptureInterface veth = CaptureInterface.choose(null, at("127.0.9.2"), answering(VETH));
    assertEquals("cc0", veth.name());
    assertEquals(CaptureInterface.ChosenBy.ROUTE, veth.chosenBy());
    assertEquals("capture on cc0 (the route to 127.0.9.2)", veth.describe());
    assertEquals("127.0.9.2", veth.targetAddress());
    assertEquals("route", veth.chosenBy().json());
    CaptureInterface local = CaptureInterface.choose(null, at("127.0.0.1"), answering(LOCAL));
    assertEquals("lo", local.name());
    assertEquals(CaptureInterface.ChosenBy.LOCAL_ADDRESS, local.chosenBy());
    assertEquals("capture on lo (127.0.0.1 is an address of this host)", local.describe());
  }

  @Test
  void withoutARouteALocalAddressStillMeansLoopbackAndAnyOtherIsRefused() throws Exception {
    CaptureInterface local = CaptureInterface.choose(null, at("127.0.0.1"), failing("ip (iproute2) could not be run"));
    assertEquals("lo", local.name());
    assertNull(local.route());
    assertEquals("127.0.0.1 is an address of this host (the kernel's route could not be read: ip (iproute2) could"
        + " not be run)", local.reason());
    // 127.0.9.2 is held by no interface here (on the two-host testbed it is the server namespace's): without
    // the route, being in 127/8 does not make it this host's; nothing is sent to it
    CaptureInterface.Refused refused = assertThrows(CaptureInterface.Refused.class,
        () -> CaptureInterface.choose(null, at("127.0.9.2"), failing("RTNETLINK answers: Network is unreachable")));
    assertEquals("--interface: \"none given\": expected the interface to capture on: the kernel's route to"
        + " 127.0.9.2 could not be read (RTNETLINK answers: Network is unreachable)", refused.getMessage());
  }

  @Test
  void theOptionOverridesTheRouteAndSaysWhereTheRouteGoes() throws Exception {
    CaptureInterface same = CaptureInterface.choose("lo", at("127.0.0.1"), answering(LOCAL));
    assertEquals(CaptureInterface.ChosenBy.OPTION, same.chosenBy());
    assertEquals("capture on lo (--interface, as the route to 127.0.0.1)", same.describe());
    CaptureInterface other = CaptureInterface.choose("lo", at("127.0.9.2"), answering(VETH));
    assertEquals("lo", other.name());
    assertEquals("--interface; the route to 127.0.9.2 leaves by cc0", other.reason());
    assertEquals(VETH.replace("\\", "").replaceAll("\\s+", " ").strip(), other.route());
    CaptureInterface any = CaptureInterface.choose("any", at("127.0.0.1"), answering(LOCAL));
    assertEquals("any", any.name(), "libpcap's pseudo-device sees lo too");
  }

  @Test
  void anOptionTheTrafficNeverCrossesIsRefused() throws Exception {
    CaptureInterface.Refused none = assertThrows(CaptureInterface.Refused.class,
        () -> CaptureInterface.choose("nosuch0", at("127.0.9.2"), answering(VETH)));
    assertEquals("--interface: \"nosuch0\": expected a network interface of this host (e.g. cc0, the one the route"
        + " to 127.0.9.2 leaves by)", none.getMessage());
    String other = firstNonLoopbackInterface();
    org.junit.jupiter.api.Assumptions.assumeTrue(other != null, "this host has an interface besides lo");
    CaptureInterface.Refused local = assertThrows(CaptureInterface.Refused.class,
        () -> CaptureInterface.choose(other, at("127.0.0.1"), answering(LOCAL)));
    assertEquals(other, local.value());
    assertEquals("lo: 127.0.0.1 is an address of this host (the kernel's route: local 127.0.0.1 dev lo src"
        + " 127.0.0.1 uid 0 cache <local>), so its traffic never crosses " + other, local.expected());
  }

  @Test
  void addressesAreWrittenAsLiterals() throws Exception {
    assertEquals("127.0.9.2", CaptureInterface.literal(at("127.0.9.2")));
    assertEquals("::1", CaptureInterface.literal(at("::1")));
    assertEquals("2001:db8::2:1", CaptureInterface.literal(at("2001:db8:0:0:0:0:2:1")));
    assertEquals("2001:db8:0:1:1:1:1:1", CaptureInterface.literal(at("2001:db8:0:1:1:1:1:1")), "one zero stays");
    assertEquals("2001:0:0:1::1", CaptureInterface.literal(at("2001:0:0:1:0:0:0:1")), "the longest run");
    assertEquals("::", CaptureInterface.literal(at("::")));
  }

  private static String firstNonLoopbackInterface() throws Exception {
    for (java.net.NetworkInterface nif : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
      if (!nif.isLoopback()) {
        return nif.getName();
      }
    }
    return null;
  }
}
