package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.telemetry.ServerSample;
import io.crosscheck.telemetry.ServerTelemetryCsv;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Fuzzes the server-telemetry.csv reader ({@link ServerTelemetryCsv#read}, what {@code compare
 * --server-telemetry FILE} reads from another host): any bytes either give rows or are refused with
 * a {@link MalformedInputException} whose message names the file. Anything else is a finding.
 *
 * <p>Seeds: {@code src/test/resources/io/crosscheck/fuzz/ServerTelemetryCsvFuzzTestInputs/} (a
 * monitor's file with a server and interfaces, a host-only one with a torn last row).
 */
class ServerTelemetryCsvFuzzTest {
  @FuzzTest(maxDuration = "6s")
  void readServerTelemetry(byte[] bytes) throws IOException {
    Path csv = FuzzFiles.write(ServerTelemetryCsv.FILE, bytes);
    try {
      for (ServerSample s : ServerTelemetryCsv.read(csv)) {
        s.serverCpuCores();
      }
    } catch (MalformedInputException refused) {
      String message = String.valueOf(refused.getMessage());
      assertTrue(message.contains(ServerTelemetryCsv.FILE), () -> "refusal without the file's name: " + refused);
    }
  }
}
