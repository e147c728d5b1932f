package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.DemandMode;
import io.crosscheck.server.ServiceDemand;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Per-interaction service demand: a fixed demand on one interaction delays its replies by at
 * least that long (measured at the client on the monotonic clock), and in CPU mode a full queue
 * answers 503 and counts it.
 */
class TpcwDemandTest {
  private static final long SEARCH_DEMAND_NANOS = 40_000_000L;

  @Test
  void anInteractionsDemandDelaysItsReplies() throws Exception {
    TpcwServerConfig config = TpcwServerConfig.defaults().withDatabase(100, 1000).withAllDemands(ServiceDemand.none())
        .withDemand(TpcwInteraction.SEARCH_RESULTS, new ServiceDemand.Fixed(SEARCH_DEMAND_NANOS));
    try (TpcwServer server = TpcwServer.start(config)) {
      TpcwHttp http = new TpcwHttp(server);
      http.page("/tpcw/TPCW_home_interaction");
      for (int i = 0; i < 5; i++) {
        long startNanos = System.nanoTime();
        http.page("/tpcw/TPCW_execute_search?search_type=subject&search_string=ARTS");
        long elapsedNanos = System.nanoTime() - startNanos;
        assertTrue(elapsedNanos >= SEARCH_DEMAND_NANOS, "search answered in " + elapsedNanos + " ns");
      }
      assertEquals(5, server.counters().requestsServed(TpcwInteraction.SEARCH_RESULTS));
    }
  }

  @Test
  void aFullCpuQueueAnswers503() throws Exception {
    // one busy worker, no queue: of requests sent together, the first spins 300 ms, the rest are 503
    TpcwServerConfig config = TpcwServerConfig.defaults().withDatabase(100, 1000)
        .withAllDemands(new ServiceDemand.Fixed(300_000_000L)).withDemandMode(DemandMode.CPU, 1, 0);
    try (TpcwServer server = TpcwServer.start(config)) {
      List<Socket> sockets = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        sockets.add(new Socket("127.0.0.1", server.port()));
      }
      for (Socket socket : sockets) {
        socket.getOutputStream().write(("GET /tpcw/TPCW_search_request_servlet HTTP/1.1\r\nHost: x\r\n"
            + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      }
      int ok = 0;
      int busy = 0;
      for (Socket socket : sockets) {
        socket.setSoTimeout(10_000);
        String reply = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        socket.close();
        ok += reply.startsWith("HTTP/1.1 200") ? 1 : 0;
        busy += reply.startsWith("HTTP/1.1 503") ? 1 : 0;
      }
      assertEquals(4, ok + busy);
      assertTrue(ok >= 1 && busy >= 1, ok + " answered, " + busy + " busy");
      assertEquals(busy, server.counters().requestsRejected());
    }
  }
}
