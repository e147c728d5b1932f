package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** server-telemetry.csv: a row written is the row read; every bad input is refused naming its file and line. */
class ServerTelemetryCsvTest {
  private static final List<String> IFACES = List.of("lo", "cc0");

  private static ServerSample sample(long epochMicros, boolean server) {
    return new ServerSample(epochMicros, 5_000_000_000L, 100_000, 0.4321, 2, 3, 0, 1.25, server ? 2 : -1,
        server ? 0.75 : Double.NaN, server ? 0.125 : Double.NaN, server ? 41 : -1, server ? 123_456_789L : -1,
        server ? 1 : -1, List.of(0.5, Double.NaN),
        List.of(new ServerSample.InterfaceCounters("lo", 10, 2, 0, 10, 2, 0),
            new ServerSample.InterfaceCounters("cc0", 1_000_000, 900, 3, 2_000_000, 800, 1)));
  }

  private static String text(ServerSample... rows) {
    StringBuilder out = new StringBuilder(ServerTelemetryCsv.header(2, IFACES)).append('\n');
    for (ServerSample s : rows) {
      ServerTelemetryCsv.appendRow(out, s, 2, IFACES);
    }
    return out.toString();
  }

  @Test
  void aRowWrittenIsTheRowReadAndAPartialLastLineIsDropped(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve(ServerTelemetryCsv.FILE);
    String written = text(sample(1_795_000_000_000_000L, true), sample(1_795_000_000_100_000L, false));
    assertTrue(written.startsWith(ServerTelemetryCsv.FIXED_HEADER + ",cpu0BusyFraction,cpu1BusyFraction,lo:rxBytes,"));
    Files.writeString(csv, written + "1795000000200000,50000", StandardCharsets.UTF_8); // killed mid-row
    List<ServerSample> rows = ServerTelemetryCsv.read(csv);
    assertEquals(2, rows.size());
    ServerSample a = rows.get(0);
    assertEquals(sample(1_795_000_000_000_000L, true).network(), a.network());
    assertEquals(0.875, a.serverCpuCores(), 1e-9);
    assertEquals(41, a.serverThreads());
    assertEquals(123_456_789L, a.serverRssBytes());
    assertEquals(0.4321, a.hostCpuBusyFraction(), 1e-9);
    assertEquals(0.5, a.coreBusyFractions().get(0), 1e-9);
    assertTrue(Double.isNaN(a.coreBusyFractions().get(1)), "an offline core is empty, read as NaN");
    ServerSample b = rows.get(1);
    assertEquals(-1, b.serverProcesses());
    assertTrue(Double.isNaN(b.serverCpuCores()), "a host-only row has no server CPU");
  }

  @Test
  void missingEmptyForeignAndMalformedFilesAreRefusedByFileLineAndColumn(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("nope.csv");
    assertMessage(missing, missing + ": no such file");
    Path empty = Files.writeString(dir.resolve("empty.csv"), "");
    assertMessage(empty, empty + ":1: empty");
    Path other = Files.writeString(dir.resolve("telemetry.csv"), TelemetryCsv.HEADER + "\n1,2,3\n");
    assertMessage(other, other + ":1: header \"sampleNanos,threadsLive");
    assertMessage(other, "is not a crosscheck monitor CSV");
    Path bad = Files.writeString(dir.resolve("bad.csv"),
        text(sample(1_795_000_000_000_000L, true)) + text(sample(1_795_000_000_100_000L, true)).lines().skip(1)
            .findFirst().orElseThrow().replace(",0.4321,", ",busy,") + "\n");
    assertMessage(bad, bad + ":3: field 4 (hostCpuBusyFraction): \"busy\" is not a number");
    Path short_ = Files.writeString(dir.resolve("short.csv"), text(sample(1_795_000_000_000_000L, true)) + "1,2,3\n");
    assertMessage(short_, short_ + ":3: 3 fields (expected 28, as the header)");
  }

  private static void assertMessage(Path csv, String expected) {
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> ServerTelemetryCsv.read(csv));
    assertTrue(e.getMessage().contains(expected), e.getMessage() + "\n  expected to contain: " + expected);
  }
}
