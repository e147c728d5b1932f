package io.crosscheck.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * For test classes that share one {@link EmbeddedServer} (default configuration, an ephemeral
 * loopback port) across their tests: started before the first, closed after the last.
 */
public abstract class EmbeddedServerFixture {
  /** The class's server; set before its first test. */
  protected static EmbeddedServer server;

  @BeforeAll
  static void startEmbeddedServer() throws InterruptedException {
    server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
  }

  @AfterAll
  static void stopEmbeddedServer() {
    server.close();
  }
}
