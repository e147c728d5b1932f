package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team 25: in a TPC-W storm the run said "no browser its threads would have lost" while 400
 * browsers were stuck. Here every browser's first Home request goes to a server that accepts and
 * never answers (request timeout longer than the run): the run ends with every browser waiting,
 * and its outcome says so, with their count, instead of claiming that none was lost.
 */
@Tag("heavy") // behaviour, not JDK compatibility: once, on the build's JDK
class TpcwStuckBrowsersTest {
  private static final int BROWSERS = 8;

  @Test
  void browsersWaitingForAReplyAtTheEndAreNotCalledSafe(@TempDir Path out) throws Exception {
    List<Socket> held = new CopyOnWriteArrayList<>();
    try (ServerSocket mute = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread accept = new Thread(() -> {
        try {
          while (true) {
            held.add(mute.accept()); // the request sits unread in the kernel: no reply, ever
          }
        } catch (java.io.IOException e) {
          // closed at the end of the test
        }
      }, "mute-accept");
      accept.setDaemon(true);
      accept.start();
      CliRun run = CliRun.run(out, "run", "--tpcw", "browsing", "--target", "http://127.0.0.1:" + mute.getLocalPort(),
          "-EB", String.valueOf(BROWSERS), "-TT", "0.01", "-RU", "0", "-MI", "2", "-RD", "0", "--request-timeout", "60s",
          "--jit-warm-up", "0", "--telemetry-period", "0");
      String outcomes = run.runJson().path("scriptOutcomes").asText();
      assertEquals(0, run.exitCode, run.err);
      assertEquals(BROWSERS + 1, held.size(), "the probe's connect, then one connection per browser");
      assertFalse(outcomes.contains("would have lost"), "no claim that no browser was lost: " + outcomes);
      Matcher m = Pattern.compile("([0-9,]+) browsers were still waiting for a reply when the run ended \\(([0-9,]+)"
          + " requests sent and never answered, the longest for ([0-9.]+) s\\)").matcher(outcomes);
      assertTrue(m.find(), outcomes);
      assertEquals(BROWSERS, Integer.parseInt(m.group(1)), outcomes);
      assertEquals(BROWSERS, Integer.parseInt(m.group(2)), outcomes);
      double waitedSeconds = Double.parseDouble(m.group(3));
      assertTrue(waitedSeconds >= 1.5 && waitedSeconds < 10, "from the first Home (sent after a first think of at"
          + " most 0.2 s) to the run's end (2 s): " + outcomes);
    } finally {
      for (Socket s : held) {
        s.close();
      }
    }
  }
}
