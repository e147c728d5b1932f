package io.crosscheck.foreign;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Where and how a {@link ForeignServer} runs. Immutable.
 *
 * @param workDir holds the server's configuration, error log, pid file and runtime files; created
 *     when missing
 * @param docroot the directory served (by default {@code workDir/docroot}, where {@link
 *     RubisSnapshot#write} puts the pages)
 * @param bindAddress the one address listened on; a loopback address (127.0.0.0/8)
 * @param port the port, or 0 for a free one picked just before the start (see {@link ForeignServer})
 * @param commandPrefix run the server under this command, e.g. {@code [ip, netns, exec, NS]}; empty
 *     for none. The prefix must exec the server (not fork and wait), as {@code ip netns exec}, {@code
 *     nsenter} and {@code taskset} do, so that the pid file names the process we started
 * @param startTimeout how long the start may take before it is a failure
 */
public record ForeignServerSpec(Path workDir, Path docroot, String bindAddress, int port,
    List<String> commandPrefix, Duration startTimeout) {
  /** The study's defaults: 127.0.0.1, a free port, no prefix, 15 s to start. */
  public static ForeignServerSpec in(Path workDir) {
    return new ForeignServerSpec(workDir, workDir.resolve("docroot"), "127.0.0.1", 0, List.of(), Duration.ofSeconds(15));
  }

  /** Checks the values; the bind address must be in 127.0.0.0/8. */
  public ForeignServerSpec {
    Objects.requireNonNull(workDir, "workDir");
    Objects.requireNonNull(docroot, "docroot");
    commandPrefix = List.copyOf(commandPrefix);
    if (bindAddress == null || !bindAddress.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
      throw new IllegalArgumentException("bindAddress \"" + bindAddress + "\": expected a loopback address (127.x.y.z)");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port " + port + ": expected 0..65535");
    }
    if (startTimeout.isNegative() || startTimeout.isZero()) {
      throw new IllegalArgumentException("startTimeout " + startTimeout + ": expected more than zero");
    }
  }

  /** This spec with another docroot. */
  public ForeignServerSpec withDocroot(Path dir) {
    return new ForeignServerSpec(workDir, dir, bindAddress, port, commandPrefix, startTimeout);
  }

  /** This spec with another bind address. */
  public ForeignServerSpec withBindAddress(String address) {
    return new ForeignServerSpec(workDir, docroot, address, port, commandPrefix, startTimeout);
  }

  /** This spec with another port (0: pick a free one). */
  public ForeignServerSpec withPort(int value) {
    return new ForeignServerSpec(workDir, docroot, bindAddress, value, commandPrefix, startTimeout);
  }

  /** This spec run under {@code prefix}. */
  public ForeignServerSpec withCommandPrefix(List<String> prefix) {
    return new ForeignServerSpec(workDir, docroot, bindAddress, port, prefix, startTimeout);
  }

  /** This spec with another start timeout. */
  public ForeignServerSpec withStartTimeout(Duration timeout) {
    return new ForeignServerSpec(workDir, docroot, bindAddress, port, commandPrefix, timeout);
  }
}
