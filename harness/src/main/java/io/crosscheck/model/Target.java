package io.crosscheck.model;

import java.util.Objects;

/**
 * Where the workload is sent: an HTTP/1.1 server reached by host and port. Immutable.
 *
 * @param host a literal address or host name; traffic is meant for 127.0.0.0/8 and [::1]
 * @param port TCP port, 1..65535
 */
public record Target(String host, int port) {
  public Target {
    Objects.requireNonNull(host, "host");
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " is out of range (expected 1..65535)");
    }
  }

  /** The value of the {@code Host} request header. */
  public String hostHeader() {
    String h = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    return h + ":" + port;
  }

  @Override
  public String toString() {
    return "http://" + hostHeader();
  }
}
