package io.crosscheck.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveCaptureTest {
  @TempDir Path dir;

  @Test
  void capturesLoopbackRoundTripsCompletelyWithNanosecondTimestamps() throws Exception {
    assumeTrue(Tools.isRoot(), "live capture needs root or CAP_NET_RAW");
    Tools.requireCaptureTools();
    Path output = dir.resolve("capture.pcap");
    AtomicLong handled = new AtomicLong();
    List<Integer> clientPorts = new ArrayList<>();
    LiveCaptureStats stats;
    long beforeEpochNanos;
    long afterEpochNanos;
    try (Tools.EchoServer server = new Tools.EchoServer()) {
      LiveCaptureConfig config = LiveCaptureConfig.of("lo", "tcp port " + server.port(), output)
          .withHandler((ts, link, data, offset, captured, original) -> handled.incrementAndGet());
      beforeEpochNanos = epochNanos(Instant.now());
      try (LiveCapture capture = LiveCapture.start(config)) {
        assertEquals(LinkTypes.ETHERNET, capture.linkType());
        clientPorts.add(server.exchange(10));
        clientPorts.add(server.exchange(10));
        stats = capture.stop();
      }
      afterEpochNanos = epochNanos(Instant.now());
    }

    assertEquals(stats.packetsCaptured(), handled.get());
    assertCapturedWhole(output, stats, clientPorts, beforeEpochNanos, afterEpochNanos);
  }

  /**
   * Without a handler (an audit's capture) libpcap writes the file itself: no Java per packet. The
   * file is the same nanosecond pcap, and the counts are what it wrote.
   */
  @Test
  void withoutAHandlerLibpcapWritesTheFileAndTheCountsAreWhatItWrote() throws Exception {
    assumeTrue(Tools.isRoot(), "live capture needs root or CAP_NET_RAW");
    Tools.requireCaptureTools();
    Path output = dir.resolve("native.pcap");
    List<Integer> clientPorts = new ArrayList<>();
    LiveCaptureStats stats;
    long beforeEpochNanos;
    long afterEpochNanos;
    try (Tools.EchoServer server = new Tools.EchoServer()) {
      beforeEpochNanos = epochNanos(Instant.now());
      try (LiveCapture capture = LiveCapture.start(LiveCaptureConfig.of("lo", "tcp port " + server.port(), output))) {
        clientPorts.add(server.exchange(10));
        clientPorts.add(server.exchange(10));
        stats = capture.stop();
      }
      afterEpochNanos = epochNanos(Instant.now());
    }
    assertCapturedWhole(output, stats, clientPorts, beforeEpochNanos, afterEpochNanos);
    long[] bytes = {0};
    CaptureReader.read(output, (ts, link, data, offset, captured, orig) -> bytes[0] += captured);
    assertEquals(bytes[0], stats.bytesCaptured());
    assertTrue(stats.bytesCaptured() > 0, stats.toString());
  }

  /** A file libpcap cannot write (a full disk: /dev/full) fails the capture, saying so, within a flush. */
  @Test
  void aCaptureFileThatCannotBeWrittenFailsTheCapture() throws Exception {
    assumeTrue(Tools.isRoot(), "live capture needs root or CAP_NET_RAW");
    Tools.requireCaptureTools();
    try (Tools.EchoServer server = new Tools.EchoServer()) {
      LiveCapture capture = LiveCapture.start(LiveCaptureConfig.of("lo", "tcp port " + server.port(), Path.of("/dev/full")));
      server.exchange(10);
      Thread.sleep(2 * LiveCapture.FLUSH_INTERVAL_MILLIS);
      java.io.IOException e = assertThrows(java.io.IOException.class, capture::stop);
      assertTrue(e.getMessage().startsWith("capture on 'lo' failed: "), e.getMessage());
      assertTrue(e.getMessage().contains("writing the capture file /dev/full failed"), e.getMessage());
    }
  }

  /** Every packet of the two exchanges in {@code output}, in order, timed to the nanosecond. */
  private static void assertCapturedWhole(Path output, LiveCaptureStats stats, List<Integer> clientPorts,
      long beforeEpochNanos, long afterEpochNanos) throws Exception {
    assertEquals(0, stats.kernelDropped(), stats.toString());
    // on lo the kernel delivers only the incoming copy of each packet (with the outgoing copies
    // the socket received every packet twice: ps_recv = 2 x captured); none is lost (SYNs below)
    assertEquals("ignored by the kernel (PACKET_IGNORE_OUTGOING)", stats.outgoingCopies());
    assertTrue(stats.kernelReceived() < 1.5 * stats.packetsCaptured(), stats.toString());
    assertEquals(Tools.tcpdumpCount(output), stats.packetsCaptured(), "vs tcpdump -r");
    List<Long> timestamps = new ArrayList<>();
    Set<Integer> synPorts = new HashSet<>();
    CaptureStats read = CaptureReader.read(output, (ts, link, data, offset, captured, orig) -> {
      timestamps.add(ts);
      int ip = LinkLayer.ipOffset(link, data, offset, captured);
      int tcp = ip + (data[ip] & 0x0f) * 4;
      int flags = data[tcp + 13] & 0x3f;
      if (flags == 0x02) {
        synPorts.add((data[tcp] & 0xff) << 8 | (data[tcp + 1] & 0xff));
      }
    });
    assertEquals("pcap-ns", read.format());
    assertEquals(stats.packetsCaptured(), read.packets());
    assertTrue(read.packets() >= 2 * (3 + 20), "only " + read.packets() + " packets");
    assertEquals(Set.copyOf(clientPorts), synPorts, "SYNs of the test connections");
    for (int i = 1; i < timestamps.size(); i++) {
      assertTrue(timestamps.get(i) >= timestamps.get(i - 1), "timestamps decrease at " + i);
    }
    assertTrue(timestamps.get(0) >= beforeEpochNanos
        && timestamps.get(timestamps.size() - 1) <= afterEpochNanos,
        "timestamps " + timestamps.get(0) + ".." + timestamps.get(timestamps.size() - 1)
            + " outside the test's wall clock " + beforeEpochNanos + ".." + afterEpochNanos);
    assertTrue(timestamps.stream().anyMatch(t -> t % 1000 != 0), "no sub-microsecond digits");
  }

  @Test
  void badFilterAndUnknownInterfaceAreExplained() {
    assumeTrue(Tools.isRoot(), "live capture needs root or CAP_NET_RAW");
    IllegalArgumentException filter = assertThrows(IllegalArgumentException.class,
        () -> LiveCapture.start(LiveCaptureConfig.of("lo", "tcp prot 80",
            dir.resolve("x.pcap"))));
    assertTrue(filter.getMessage().startsWith("bpf filter \"tcp prot 80\" does not compile for "
        + "'lo': "), filter.getMessage());
    CaptureUnavailableException device = assertThrows(CaptureUnavailableException.class,
        () -> LiveCapture.start(LiveCaptureConfig.of("nosuch0", "", dir.resolve("y.pcap"))));
    assertTrue(device.getMessage().startsWith("cannot capture on 'nosuch0': "),
        device.getMessage());
    assertTrue(device.getMessage().contains("interfaces here: ")
        && device.getMessage().contains("lo"), device.getMessage());
  }

  @Test
  void permissionAndMissingLibraryMessagesSayHowToFix() {
    String permission = CaptureUnavailableException.explain("lo", new Exception(
        "lo: You don't have permission to perform this capture on that device (socket: "
            + "Operation not permitted)")).getMessage();
    assertTrue(permission.startsWith("cannot capture on 'lo': this process may not capture "
        + "packets (lo: You don't have permission"), permission);
    assertTrue(permission.endsWith("it needs CAP_NET_RAW; run as root, or grant the JVM the "
        + "capability: setcap cap_net_raw,cap_net_admin=eip $(readlink -f $(which java))"),
        permission);
    String library = CaptureUnavailableException.explain("lo",
        new UnsatisfiedLinkError("Unable to load library 'pcap'")).getMessage();
    assertEquals("cannot capture on 'lo': libpcap could not be loaded (Unable to load library "
        + "'pcap'); install libpcap: apt-get install -y libpcap0.8", library);
  }

  @Test
  void configRejectsOutOfRangeValuesNamingThem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LiveCaptureConfig("lo", "", 10, 1 << 20, dir.resolve("z.pcap"), null));
    assertEquals("capture snaplenBytes 10 is out of range, expected 64..262144", e.getMessage());
  }

  private static long epochNanos(Instant instant) {
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }
}
