package io.crosscheck.e2e.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Random packet loss on loopback for one TCP port, with an nftables table of its own. This
 * machine's kernel has no {@code sch_netem} ({@code CONFIG_NET_SCH_NETEM} is not set, so {@code tc
 * qdisc add dev lo root netem} fails with "Specified qdisc kind is unknown"); nftables' {@code
 * numgen random} drops instead, and only segments to or from the test server's port, so other
 * loopback traffic of the machine is not touched.
 *
 * <p>Two drop points. The prerouting hook is after lo's capture tap: the capture holds the lost
 * segment and later its retransmission, a true duplicate. The output hook is before the tap, but
 * TCP learns of such a drop at once (the transmit call fails) and sends the segment again later,
 * so it shows in the capture as a local delay, not as a hole. {@link #remove} is idempotent and
 * also runs from a shutdown hook once a table was installed.
 */
final class Loss {
  static final String TABLE = "crosscheck_wire_loss";
  private static final long NFT_TIMEOUT_SECONDS = 10;
  private static boolean hookInstalled;

  private Loss() {}

  static boolean available() {
    try {
      return nft(null, "list", "tables").exitCode == 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Drops each segment to or from {@code port} with probability {@code permille}/1000 at each hook. */
  static synchronized void install(int port, int permille) throws IOException {
    if (!hookInstalled) {
      Runtime.getRuntime().addShutdownHook(new Thread(Loss::removeQuietly, "loss-removal"));
      hookInstalled = true;
    }
    String rules = "tcp sport " + port + " numgen random mod 1000 < " + permille + " counter drop\n"
        + "    tcp dport " + port + " numgen random mod 1000 < " + permille + " counter drop\n";
    String table = "table inet " + TABLE + " {\n"
        + "  chain out {\n    type filter hook output priority 0; policy accept;\n    " + rules
        + "  }\n  chain pre {\n    type filter hook prerouting priority 0; policy accept;\n    "
        + rules + "  }\n}\n";
    Result r = nft(table, "-f", "-");
    if (r.exitCode != 0) {
      throw new IOException("nft could not install the loss table: " + r.output + "\n" + table);
    }
  }

  /** Packets dropped so far: [at output, at prerouting]. */
  static long[] dropped() throws IOException {
    String listing = nft(null, "list", "table", "inet", TABLE).output;
    long[] dropped = new long[2];
    int chain = -1;
    for (String line : listing.split("\n")) {
      if (line.contains("chain out")) {
        chain = 0;
      } else if (line.contains("chain pre")) {
        chain = 1;
      }
      Matcher m = Pattern.compile("counter packets (\\d+)").matcher(line);
      if (chain >= 0 && m.find()) {
        dropped[chain] += Long.parseLong(m.group(1));
      }
    }
    return dropped;
  }

  /** Deletes the table if present; true when it is gone. */
  static boolean remove() throws IOException {
    if (installed()) {
      nft(null, "delete", "table", "inet", TABLE);
    }
    return !installed();
  }

  static boolean installed() throws IOException {
    return nft(null, "list", "tables").output.contains(TABLE);
  }

  private static void removeQuietly() {
    try {
      remove();
    } catch (IOException | RuntimeException e) {
      System.err.println("could not remove the loss table: " + e + "; run: nft delete table inet " + TABLE);
    }
  }

  private record Result(int exitCode, String output) {}

  private static Result nft(String stdin, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Files.isExecutable(Path.of("/usr/sbin/nft")) ? "/usr/sbin/nft" : "nft");
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try {
      if (stdin != null) {
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
      }
      p.getOutputStream().close();
      if (!p.waitFor(NFT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException("nft " + String.join(" ", args) + " did not finish within "
            + NFT_TIMEOUT_SECONDS + " s");
      }
      return new Result(p.exitValue(),
          new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running nft", e);
    } finally {
      p.destroyForcibly();
    }
  }
}
