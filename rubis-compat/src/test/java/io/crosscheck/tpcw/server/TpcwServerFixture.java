package io.crosscheck.tpcw.server;

import io.crosscheck.server.ServiceDemand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * For test classes that share one bookstore (1,000 customers and items, no service demand, an
 * ephemeral loopback port) and a client of it across their tests: started before the first,
 * closed after the last.
 */
abstract class TpcwServerFixture {
  static TpcwServer server;
  static TpcwHttp http;

  @BeforeAll
  static void startBookstore() throws Exception {
    server = TpcwServer.start(TpcwServerConfig.defaults().withDatabase(1000, 1000).withAllDemands(ServiceDemand.none()));
    http = new TpcwHttp(server);
  }

  @AfterAll
  static void stopBookstore() {
    server.close();
  }
}
