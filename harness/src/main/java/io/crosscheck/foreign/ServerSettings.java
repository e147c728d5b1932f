package io.crosscheck.foreign;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A foreign server's key configuration settings, as {@link ForeignServer#describe()} records them:
 * the names are the configuration file's own (lighttpd's {@code server.max-worker}, Apache's {@code
 * StartServers}), so a reader of the record finds them in the server's documentation. Immutable.
 */
public sealed interface ServerSettings permits ServerSettings.Lighttpd, ServerSettings.ApachePrefork {

  /**
   * lighttpd's: its worker processes and descriptors; keep-alive left at lighttpd's defaults.
   *
   * @param maxWorker {@code server.max-worker}: worker processes
   * @param maxFds {@code server.max-fds}
   * @param maxConnections {@code server.max-connections}
   * @param keepAlive the keep-alive settings, in words
   */
  record Lighttpd(@JsonProperty("server.max-worker") int maxWorker, @JsonProperty("server.max-fds") int maxFds,
      @JsonProperty("server.max-connections") int maxConnections, String keepAlive) implements ServerSettings {}

  /**
   * Apache's prefork MPM: the worker pool and keep-alive, by their directives' names.
   *
   * @param mpm {@code prefork}
   * @param startServers {@code StartServers}
   * @param minSpareServers {@code MinSpareServers}
   * @param maxSpareServers {@code MaxSpareServers}
   * @param serverLimit {@code ServerLimit}
   * @param maxRequestWorkers {@code MaxRequestWorkers}
   * @param keepAlive {@code KeepAlive}: On or Off
   * @param keepAliveTimeoutSeconds {@code KeepAliveTimeout}, seconds
   * @param maxKeepAliveRequests {@code MaxKeepAliveRequests}
   */
  record ApachePrefork(String mpm, @JsonProperty("StartServers") int startServers,
      @JsonProperty("MinSpareServers") int minSpareServers, @JsonProperty("MaxSpareServers") int maxSpareServers,
      @JsonProperty("ServerLimit") int serverLimit, @JsonProperty("MaxRequestWorkers") int maxRequestWorkers,
      @JsonProperty("KeepAlive") String keepAlive,
      @JsonProperty("KeepAliveTimeoutSeconds") int keepAliveTimeoutSeconds,
      @JsonProperty("MaxKeepAliveRequests") int maxKeepAliveRequests) implements ServerSettings {}
}
