package io.crosscheck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rundir.CaptureJson;
import org.junit.jupiter.api.Test;

/** The live capture's drops (libpcap's ps_drop and ps_ifdrop) stated as a limit of what the findings rest on. */
class CaptureLossLineTest {
  private static CaptureJson live(String iface, Long kernelDropped, Long interfaceDropped) {
    return new CaptureJson(iface, "tcp and host 127.0.9.2 and port 8080", 4096, 1000L, "not a loopback interface",
        100_000L, kernelDropped, interfaceDropped, 1, "route", "the route to 127.0.9.2",
        "127.0.9.2 dev cc0 src 127.0.9.1 uid 0 cache", "127.0.9.2", null);
  }

  private static String lines(CaptureJson live) {
    StringBuilder out = new StringBuilder();
    FindingsTable.captureLoss(out, live);
    return out.toString();
  }

  @Test
  void nothingIsSaidWithoutDropsOrForACaptureMadeElsewhere() {
    assertEquals("", lines(live("cc0", 0L, 0L)));
    assertEquals("", lines(live("cc0", null, null)), "a capture killed before its counters were read");
    assertEquals("", lines(null));
  }

  @Test
  void kernelAndInterfaceDropsAreACoverageLimit() {
    String both = lines(live("cc0", 1_234L, 5L));
    assertTrue(both.startsWith("capture loss"), both);
    assertTrue(both.contains("limited: the kernel dropped 1,234 packets (ps_drop: its capture buffer was full; try a"
        + " larger --capture-buffer; or, where the HTTP heads fit in fewer bytes, a smaller --snaplen: this capture"
        + " kept up to 4,096 bytes of each packet); cc0 dropped 5 packets (ps_ifdrop: all of its traffic, not only the target's):"
        + " an exchange that lost a packet is cut or missing"), both);
    String kernel = lines(live("cc0", 7L, 0L));
    assertTrue(kernel.contains("the kernel dropped 7 packets") && !kernel.contains("ps_ifdrop"), kernel);
  }
}
