package io.crosscheck.rubis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.ServiceDemand;
import org.junit.jupiter.api.Test;

/** The default dataset, start-up, keep-alive accounting and HTTP/1.0. */
class RubisServerTest {
  @Test
  void defaultDatasetStartsOnLoopbackAndCountsConnectionsAndRequests() throws Exception {
    long startNanos = System.nanoTime();
    try (RubisServer server = RubisServer.start(RubisServerConfig.defaults().withAllDemands(ServiceDemand.none()))) {
      long startupMillis = (System.nanoTime() - startNanos) / 1_000_000L;
      // Reported rather than asserted (timing goals are benchmarks): the brief's goal is < 2 s.
      System.out.println("RubisServer default start-up: " + startupMillis + " ms");
      assertEquals(10_000, server.userCount());
      assertEquals(6_000, server.itemCount());
      assertTrue(server.baseUrl().startsWith("http://127.0.0.1:"), server.baseUrl());
      RubisHttp http = new RubisHttp(server);
      for (int i = 0; i < 5; i++) {
        http.okPage("/PHP/ViewItem.php?itemId=" + (i + 1));
      }
      http.okPage("/PHP/index.html");
      assertEquals(1, server.connectionsAccepted(), "one keep-alive connection");
      assertEquals(5, server.counters().requestsServed(RubisInteraction.VIEW_ITEM));
      assertEquals(1, server.counters().requestsServed(RubisInteraction.HOME));
      assertEquals(6, server.counters().requestsServed());
    }
  }
}
