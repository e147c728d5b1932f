package io.crosscheck.run;

import io.crosscheck.engine.WarmUpTarget;
import io.crosscheck.model.Target;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.util.List;

/**
 * The engines' JIT warm-up target on the command line: an in-process {@link EmbeddedServer} on an
 * ephemeral loopback port, a fresh one per warm-up, so nothing of the warm-up reaches the run's
 * target or its capture. The CLI wires it in because engines must not depend on the server
 * (DESIGN.md §3). Stateless; thread-safe.
 */
public final class WarmUpServer implements WarmUpTarget {
  /** Reply kinds the run may meet: small and large Content-Length replies, chunked replies. */
  public static final List<String> PATHS = List.of("/static/2k", "/static/16k", "/static/64k", "/chunked/8k");

  @Override
  public Server start() throws InterruptedException {
    EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
    Target target = new Target(ServerConfig.LOOPBACK, server.port());
    return new Server() {
      @Override
      public Target target() {
        return target;
      }

      @Override
      public List<String> paths() {
        return PATHS;
      }

      @Override
      public void close() {
        server.close();
      }
    };
  }
}
