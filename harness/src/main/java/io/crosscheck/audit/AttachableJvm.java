package io.crosscheck.audit;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Whether {@code audit --pid PID} may attach to a process, checked before the attach touches it.
 * On Linux, jdk.attach starts a JVM's attach listener by sending it SIGQUIT: a process that does not
 * catch SIGQUIT (anything that is not a HotSpot JVM; a JVM started with {@code -Xrs}, unless its
 * listener already runs, which -Xrs starts at launch) is ended by it (exit 131), and a Go or Python program that does catch it may exit too. So a target is
 * accepted only when its attach listener already runs ({@code /proc/PID/root/tmp/.java_pidNSPID}, the
 * socket in its own mount and pid namespace) or when it maps HotSpot's {@code libjvm.so} and catches
 * SIGQUIT ({@code SigCgt} in {@code /proc/PID/status}, the check JDK 24's attach makes itself,
 * JDK-8342449). Reads {@code /proc} only; stateless.
 */
public final class AttachableJvm {
  private static final Path PROC = Path.of("/proc");
  private static final int SIGQUIT = 3;

  private AttachableJvm() {}

  /**
   * Null when the agent can be attached to {@code pid} without harm; else why not, worded to follow
   * "expected " ({@code a running HotSpot JVM that accepts attach: process 42 (sleep) ...}).
   */
  public static String problem(long pid) {
    Path dir = PROC.resolve(Long.toString(pid));
    String name = "process " + pid + " (" + comm(dir) + ")";
    String expected = "a running HotSpot JVM that accepts attach: ";
    List<String> status;
    try {
      status = Files.readAllLines(dir.resolve("status"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return expected + name + ": cannot read " + dir.resolve("status") + " (" + e.getMessage() + ")";
    }
    String nsPid = field(status, "NSpid:");
    String[] nsPids = nsPid == null ? new String[] {Long.toString(pid)} : nsPid.split("\\s+");
    Path socket = dir.resolve("root/tmp/.java_pid" + nsPids[nsPids.length - 1]);
    if (Files.exists(socket)) {
      return null; // its attach listener runs: no signal is sent
    }
    boolean jvm;
    try (Stream<String> maps = Files.lines(dir.resolve("maps"), StandardCharsets.UTF_8)) {
      jvm = maps.anyMatch(l -> l.endsWith("/libjvm.so"));
    } catch (IOException | java.io.UncheckedIOException e) {
      return expected + name + ": cannot read " + dir.resolve("maps") + " (" + e.getMessage() + "; attach as"
          + " the JVM's user or as root)";
    }
    if (!jvm) {
      return expected + name + " is not a HotSpot JVM (no libjvm.so in " + dir.resolve("maps") + "); attaching"
          + " would send it SIGQUIT, which ends a process that does not catch it. It was not touched";
    }
    String caught = field(status, "SigCgt:");
    if (caught == null || !new BigInteger(caught, 16).testBit(SIGQUIT - 1)) {
      return expected + name + " is a JVM with no attach listener running that does not catch SIGQUIT (-Xrs with"
          + " -XX:+DisableAttachMechanism?); attaching would end it. It was not touched";
    }
    return null;
  }

  private static String field(List<String> status, String key) {
    for (String line : status) {
      if (line.startsWith(key)) {
        return line.substring(key.length()).strip();
      }
    }
    return null;
  }

  private static String comm(Path dir) {
    try {
      return Files.readString(dir.resolve("comm"), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      return "?";
    }
  }
}
