package io.crosscheck.engine;

import io.crosscheck.model.Target;
import java.util.List;

/**
 * Where an engine's JIT warm-up ({@link Engine#warmUp}) sends its requests: a server of its own,
 * never the run's target, provided by the caller so that engines depend on no server
 * implementation (DESIGN.md §3: the engine sits between schedule and records; the embedded server
 * is beside the spine). The CLI supplies one backed by the in-process embedded server.
 */
public interface WarmUpTarget {
  /**
   * Starts a fresh server for one warm-up; returns once it is listening.
   *
   * @throws InterruptedException when interrupted while starting
   */
  Server start() throws InterruptedException;

  /** A started warm-up server. {@link #close()} stops it; nothing of it outlives the warm-up. */
  interface Server extends AutoCloseable {
    /** Where to connect. */
    Target target();

    /**
     * Request targets (path and query) answered with 200 and covering the reply kinds the run may
     * meet (small and large Content-Length bodies, chunked bodies), so that each decoding path is
     * compiled.
     */
    List<String> paths();

    @Override
    void close();
  }
}
