package io.crosscheck.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WanProfileTest {
  @Test
  void parsesEveryKeyWithItsUnit() {
    WanProfile p = WanProfile.parse("rtt=40ms,rate=10mbit,loss=0.5%,mtu=576");
    assertEquals(new WanProfile(40_000_000L, 10_000_000L, 10_000_000L, 0.5, 576), p);
    assertEquals("rtt=40ms,rate=10mbit,loss=0.5%,mtu=576", p.label());
    assertEquals(20_000_000L, p.upDelayNanos());
    assertEquals(20_000_000L, p.downDelayNanos());
  }

  @Test
  void asymmetricRatesAndOtherUnits() {
    WanProfile p = WanProfile.parse(" up=512kbit , down=1.5mbit, rtt=250us, loss=2 ");
    assertEquals(new WanProfile(250_000L, 512_000L, 1_500_000L, 2.0, 0), p);
    assertEquals("rtt=250us,up=512kbit,down=1500kbit,loss=2%", p.label());
    assertEquals(1500, p.effectiveMtu());
    assertEquals(new WanProfile(1_000_000_000L, 0, 2_000_000_000L, 0, 9000),
        WanProfile.parse("rtt=1s,down=2gbit,mtu=9000"));
  }

  @Test
  void labelReadsBackToAnEqualProfile() {
    for (String text : new String[] {"rtt=40ms,rate=10mbit,loss=0.5%,mtu=576", "rtt=1500us,up=2mbit",
        "down=8kbit,loss=100%", "rtt=3s", "", "loss=0.125"}) {
      WanProfile p = WanProfile.parse(text);
      assertEquals(p, WanProfile.parse(p.label().equals("none") ? "" : p.label()), text);
    }
    assertEquals("none", WanProfile.parse("").label());
    assertEquals("rtt=1.5us", new WanProfile(1500, 0, 0, 0, 0).label());
  }

  @Test
  void labelPicksTheLargestWholeUnit() {
    assertEquals("rtt=2s,up=0mbit,down=2gbit", new WanProfile(2_000_000_000L, 0, 2_000_000_000L, 0, 0).label());
    assertEquals("rtt=7ms,up=3mbit,down=512kbit", new WanProfile(7_000_000L, 3_000_000L, 512_000L, 0, 0).label());
    assertEquals("rtt=250us,up=8.5kbit,down=1500kbit", new WanProfile(250_000L, 8_500L, 1_500_000L, 0, 0).label());
    assertEquals("rtt=1.001us,rate=1.001kbit", new WanProfile(1_001L, 1_001L, 1_001L, 0, 0).label());
  }

  @Test
  void errorsNameTheKeyAndWhatIsExpected() {
    assertEquals("--wan \"rtt=40\": rtt=\"40\" is not a duration with unit us, ms or s, e.g. 40ms",
        message("rtt=40"));
    assertEquals("--wan \"jitter=5ms\": unknown key \"jitter\" (expected rtt, rate, up, down, loss or mtu)",
        message("jitter=5ms"));
    assertEquals("--wan \"rate=10mb\": rate=\"10mb\" is not a rate with unit kbit, mbit or gbit, e.g. 10mbit",
        message("rate=10mb"));
    assertEquals("--wan \"loss=120%\": loss=\"120%\" is not a percentage 0..100, e.g. 0.5%",
        message("loss=120%"));
    assertEquals("--wan \"mtu=100\": mtu=\"100\" is not an MTU in bytes, 576..9000", message("mtu=100"));
    assertEquals("--wan \"mtu=1500b\": mtu=\"1500b\" is not an MTU in bytes, 576..9000", message("mtu=1500b"));
    assertEquals("--wan \"rtt=-5ms\": rtt=\"-5ms\" is not a duration with unit us, ms or s, e.g. 40ms",
        message("rtt=-5ms"));
    assertEquals("--wan \"rtt=61s\": rtt=\"61s\" is not a duration 0..60s", message("rtt=61s"));
    assertEquals("--wan \"rtt=1ms,rtt=2ms\": rtt is given twice", message("rtt=1ms,rtt=2ms"));
    assertEquals("--wan \"rate=1mbit,up=2mbit\": rate sets both directions; give either rate or up/down",
        message("rate=1mbit,up=2mbit"));
    assertEquals("--wan \"rtt\": \"rtt\" is not a profile name (dsl, cable, 3g, 4g, satellite) or key=value (keys:"
        + " rtt, rate, up, down, loss, mtu)", message("rtt"));
    assertEquals("--wan \"rtt=5ms,dsl\": \"dsl\" is not key=value (keys: rtt, rate, up, down, loss, mtu; a profile"
        + " name such as dsl, cable, 3g, 4g, satellite comes first)", message("rtt=5ms,dsl"));
  }

  @Test
  void aNamedProfileIsItsKeysAndKeysAfterItOverrideThem() {
    assertEquals(WanProfile.parse("rtt=40ms,up=1mbit,down=8mbit"), WanProfile.parse("dsl"));
    assertEquals(WanProfile.parse("rtt=40ms,up=1mbit,down=8mbit"), WanProfile.parse(" DSL "));
    assertEquals(new WanProfile(40_000_000L, 1_000_000L, 8_000_000L, 1.0, 0), WanProfile.parse("dsl,loss=1%"));
    assertEquals(new WanProfile(10_000_000L, 1_000_000L, 8_000_000L, 0, 0), WanProfile.parse("dsl,rtt=10ms"));
    // rate after a name sets both directions: the name's up and down are not "given"
    assertEquals(new WanProfile(40_000_000L, 5_000_000L, 5_000_000L, 0, 0), WanProfile.parse("dsl,rate=5mbit"));
    for (String name : WanProfile.NAMED.keySet()) {
      WanProfile p = WanProfile.parse(name);
      assertEquals(p, WanProfile.parse(p.label()), name);
    }
    assertEquals("--wan \"dls\": \"dls\" is not a profile name (dsl, cable, 3g, 4g, satellite) or key=value (keys:"
        + " rtt, rate, up, down, loss, mtu)", message("dls"));
    assertEquals("--wan \"dsl,loss=2%,loss=3%\": loss is given twice", message("dsl,loss=2%,loss=3%"));
  }

  private static String message(String text) {
    return assertThrows(IllegalArgumentException.class, () -> WanProfile.parse(text)).getMessage();
  }
}
