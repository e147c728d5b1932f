package io.crosscheck.rubis.server;

import io.crosscheck.server.ServiceDemand;
import org.junit.jupiter.api.AfterAll;

/**
 * For test classes that share one auction site (no service demand, an ephemeral loopback port)
 * and a client of it across their tests: the class's {@code @BeforeAll} calls {@link #startSite}
 * with its dataset; the site is closed after the last test.
 */
abstract class RubisServerFixture {
  static RubisServer server;
  static RubisHttp http;

  /** Starts the site with {@code users} users, {@code items} items on sale and {@code oldItems} old ones. */
  static void startSite(int users, int items, int oldItems) throws InterruptedException {
    server = RubisServer.start(RubisServerConfig.defaults()
        .withAllDemands(ServiceDemand.none())
        .withDataset(DatasetSize.defaults().withCounts(users, items, oldItems)));
    http = new RubisHttp(server);
  }

  @AfterAll
  static void stopSite() {
    if (server != null) {
      server.close();
    }
  }
}
