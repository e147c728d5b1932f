package io.crosscheck.e2e.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.capture.LiveCapture;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.capture.LiveCaptureStats;
import io.crosscheck.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** Captures loopback traffic of one server port while some load runs. */
final class Captures {
  interface Load {
    void run() throws Exception;
  }

  static final int BUFFER_BYTES = Integer.getInteger("tshark.bufferMiB", 256) << 20;

  private Captures() {}

  /** Captures {@code tcp port P} on lo into {@code pcap} while {@code load} runs. */
  static LiveCaptureStats capture(int serverPort, int snaplenBytes, Path pcap, Load load)
      throws Exception {
    LiveCapture capture = LiveCapture.start(new LiveCaptureConfig("lo", "tcp port " + serverPort,
        snaplenBytes, BUFFER_BYTES, pcap, null));
    LiveCaptureStats stats;
    try {
      load.run();
    } finally {
      stats = capture.stop();
    }
    System.out.println("[tshark agreement] capture " + pcap.getFileName() + ": " + stats);
    keep(pcap);
    return stats;
  }

  /** With {@code -Dtshark.keepDir=DIR}, copies the capture there to be looked at after the test. */
  static void keep(Path pcap) throws IOException {
    String keep = System.getProperty("tshark.keepDir");
    if (keep != null) {
      Files.createDirectories(Path.of(keep));
      Files.copy(pcap, Path.of(keep).resolve(pcap.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Runs {@code crosscheck run ARGS --out OUT --progress off} in-process; asserts exit 0. */
  static void cliRun(Path out, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--out", out.toString(), "--progress", "off"));
    var cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(all.toArray(String[]::new));
    assertEquals(0, code, err.toString());
  }
}
