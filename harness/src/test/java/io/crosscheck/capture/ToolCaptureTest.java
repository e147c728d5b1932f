package io.crosscheck.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads files written by the real tools (tcpdump pcap in µs and ns, tshark pcapng, tcpdump on
 * {@code any} giving Linux cooked headers) while they capture the same loopback traffic, and
 * checks packet counts and timestamps against tcpdump and tshark reading the same files.
 */
class ToolCaptureTest {
  @TempDir Path dir;

  @BeforeAll
  static void tools() throws Exception {
    Tools.requireCaptureTools();
  }

  @Test
  void readsWhatTcpdumpAndTsharkWrite() throws Exception {
    try (Tools.EchoServer server = new Tools.EchoServer()) {
      String filter = "tcp port " + server.port();
      Path nanos = dir.resolve("ns.pcap");
      Path micros = dir.resolve("us.pcap");
      Path ng = dir.resolve("ts.pcapng");
      Path any = dir.resolve("any.pcap");
      List<Tools.Capturer> capturers = new ArrayList<>();
      try {
        capturers.add(new Tools.Capturer(List.of("tcpdump", "-i", "lo", "-nn",
            "--time-stamp-precision=nano", "-w", nanos.toString(), filter), "listening on"));
        capturers.add(new Tools.Capturer(List.of("tcpdump", "-i", "lo", "-nn", "-w",
            micros.toString(), filter), "listening on"));
        capturers.add(new Tools.Capturer(List.of("tcpdump", "-i", "any", "-nn", "-w",
            any.toString(), filter), "listening on"));
        capturers.add(new Tools.Capturer(List.of("tshark", "-i", "lo", "-w", ng.toString(),
            "-f", filter), "Capturing on"));
        for (Tools.Capturer c : capturers) {
          c.awaitReady();
        }
        Thread.sleep(300);
        server.exchange(5);
        server.exchange(5);
        Thread.sleep(1_000); // tcpdump stopped right after traffic loses its last block
        for (Tools.Capturer c : capturers) {
          c.interruptAndWait();
        }
      } finally {
        capturers.forEach(Tools.Capturer::close);
      }
      check(nanos, "pcap-ns", server.port(), LinkTypes.ETHERNET);
      check(micros, "pcap-us", server.port(), LinkTypes.ETHERNET);
      check(ng, "pcapng", server.port(), LinkTypes.ETHERNET);
      check(any, "pcap-us", server.port(), -1);
    }
  }

  private static void check(Path file, String format, int port, int expectedLinkType)
      throws Exception {
    List<Long> timestamps = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    CaptureStats stats = CaptureReader.read(file, (ts, linkType, data, offset, captured, orig) -> {
      timestamps.add(ts);
      if (expectedLinkType >= 0 && linkType != expectedLinkType
          || expectedLinkType < 0 && linkType != LinkTypes.LINUX_SLL
              && linkType != LinkTypes.LINUX_SLL2) {
        problems.add("link type " + linkType);
      }
      int ip = LinkLayer.ipOffset(linkType, data, offset, captured);
      if (ip < 0 || (data[ip] & 0xf0) != 0x40) {
        problems.add("no IPv4 header in packet " + timestamps.size() + ", link type " + linkType);
        return;
      }
      int tcp = ip + (data[ip] & 0x0f) * 4;
      int source = (data[tcp] & 0xff) << 8 | (data[tcp + 1] & 0xff);
      int destination = (data[tcp + 2] & 0xff) << 8 | (data[tcp + 3] & 0xff);
      if (source != port && destination != port) {
        problems.add("ports " + source + " -> " + destination);
      }
    });
    assertEquals(List.of(), problems, file.toString());
    assertEquals(format, stats.format(), file.toString());
    assertEquals(List.of(), stats.warnings(), file.toString());
    // 2 connections x (3 handshake + 5 x (request + response + ACKs) + 4 close): well over 20.
    assertTrue(stats.packets() >= 20, file + ": only " + stats.packets() + " packets");
    assertEquals(Tools.tcpdumpCount(file), stats.packets(), file + " vs tcpdump -r");
    assertEquals(Tools.tsharkEpochNanos(file), timestamps, file + " vs tshark frame.time_epoch");
  }
}
