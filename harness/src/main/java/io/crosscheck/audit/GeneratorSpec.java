package io.crosscheck.audit;

import java.util.List;

/**
 * A checked audit of a generator.
 *
 * @param command the generator's command line (empty when attaching)
 * @param pid the JVM to attach to, or null when launching
 * @param attachNanos how long to record an attached JVM
 * @param serverHost the server's host as given (a DNS name, an IPv4 or an IPv6 literal without
 *     brackets; localhost as 127.0.0.1)
 * @param serverPort its port
 * @param reporting the agent's reporting argument ({@code reportedBy=...}, {@code reportedValue=...}),
 *     empty for none
 * @param hooks the agent's hooks argument
 * @param agent false for --no-agent
 */
public record GeneratorSpec(List<String> command, Long pid, long attachNanos, String serverHost, int serverPort,
    String reporting, String hooks, boolean agent) {
  /** {@code HOST:PORT} as the agent takes it ({@code [v6]:PORT} for an IPv6 literal). */
  public String server() {
    return target().hostHeader();
  }

  /** The server as a target, not resolved yet. */
  public io.crosscheck.model.Target target() {
    return new io.crosscheck.model.Target(serverHost, serverPort);
  }
}
