package io.crosscheck.e2e.wire;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs tshark 4.0 over a capture file and reads what its HTTP dissector found: how many requests
 * and responses, and for each response matched to a request its {@code http.time} with the
 * instant and client port of the frame that carries the response (the frame where reassembly
 * completed when desegmentation is on; the response's first segment when it is off).
 *
 * <p>Every client port is decoded as HTTP ({@code -d tcp.port==1024-65535,http}): tshark gives some
 * ephemeral ports to other protocols. Instants are parsed from tshark's decimal seconds with all
 * nine digits (BigDecimal), so nothing is lost to doubles.
 */
final class Tshark {
  static final long TIMEOUT_SECONDS = 300;

  /** A response that tshark matched to its request. */
  record TimedResponse(int clientPort, long frameEpochNanos, long httpTimeNanos) {}

  /** What tshark reported for one capture. */
  record Result(long requests, long responses, List<TimedResponse> timed, long frames) {}

  private Tshark() {}

  static boolean available() {
    return Files.isExecutable(Path.of("/usr/bin/tshark"));
  }

  /**
   * @param desegment TCP and HTTP reassembly (headers and bodies) on or off
   * @param outOfOrder also reassemble out-of-order segments (needed when the capture has holes
   *     filled later, as under netem loss)
   */
  static Result http(Path pcap, boolean desegment, boolean outOfOrder) throws Exception {
    String on = desegment ? "TRUE" : "FALSE";
    List<String> cmd = List.of("tshark", "-n", "-r", pcap.toString(),
        "-d", "tcp.port==1024-65535,http",
        "-o", "tcp.desegment_tcp_streams:" + on,
        "-o", "http.desegment_headers:" + on,
        "-o", "http.desegment_body:" + on,
        "-o", "tcp.reassemble_out_of_order:" + (outOfOrder ? "TRUE" : "FALSE"),
        "-Y", "http.request || http.response",
        "-T", "fields", "-E", "separator=/t", "-E", "occurrence=a", "-E", "aggregator=;",
        "-e", "tcp.srcport", "-e", "tcp.dstport", "-e", "frame.time_epoch",
        "-e", "http.request.method", "-e", "http.response.code", "-e", "http.time");
    Path out = Files.createTempFile(pcap.getParent(), "tshark", ".tsv");
    Path err = Files.createTempFile(pcap.getParent(), "tshark", ".err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
    try {
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException("tshark did not finish within " + TIMEOUT_SECONDS + " s on " + pcap);
      }
      if (p.exitValue() != 0) {
        throw new IOException("tshark exited " + p.exitValue() + ": " + Files.readString(err));
      }
    } finally {
      p.destroyForcibly();
    }
    return parse(Files.readAllLines(out, StandardCharsets.UTF_8));
  }

  static Result parse(List<String> lines) {
    long requests = 0;
    long responses = 0;
    List<TimedResponse> timed = new ArrayList<>();
    for (String line : lines) {
      String[] f = line.split("\t", -1);
      if (f.length < 6) {
        throw new IllegalStateException("unexpected tshark line: " + line);
      }
      requests += count(f[3]);
      responses += count(f[4]);
      if (!f[5].isEmpty()) {
        int clientPort = Integer.parseInt(f[1]);
        long frameEpochNanos = nanos(f[2]);
        for (String t : f[5].split(";")) {
          timed.add(new TimedResponse(clientPort, frameEpochNanos, nanos(t)));
        }
      }
    }
    return new Result(requests, responses, timed, lines.size());
  }

  private static int count(String field) {
    return field.isEmpty() ? 0 : field.split(";").length;
  }

  /** Decimal seconds ("1763851908.123456789", "0.000041000") to nanoseconds, exactly. */
  static long nanos(String seconds) {
    return new BigDecimal(seconds.trim()).movePointRight(9).longValueExact();
  }
}
