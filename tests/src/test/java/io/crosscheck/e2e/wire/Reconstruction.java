package io.crosscheck.e2e.wire;

import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.PacketHandler;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireListener;
import io.crosscheck.wire.WireOptions;
import io.crosscheck.wire.WireReconstructor;
import io.crosscheck.wire.WireStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Our side of the comparison: a capture file read with {@link CaptureReader} into a {@link
 * WireReconstructor}, every exchange kept.
 */
record Reconstruction(List<WireExchange> exchanges, WireStats stats) {

  static Reconstruction of(Path pcap, int serverPort) throws IOException {
    List<WireExchange> exchanges = new ArrayList<>();
    WireReconstructor wire = new WireReconstructor(new WireListener() {
      @Override
      public void exchange(WireExchange exchange) {
        exchanges.add(exchange);
      }

      @Override
      public void connectionEvent(ConnectionEvent event) {}
    }, WireOptions.DEFAULTS.withServerPort(serverPort));
    long[] lastEpochNanos = {0};
    CaptureReader.read(pcap, (PacketHandler) (epochNanos, linkType, data, offset, captured, original) -> {
      lastEpochNanos[0] = Math.max(lastEpochNanos[0], epochNanos);
      wire.packet(epochNanos, linkType, data, offset, captured, original);
    });
    WireStats stats = wire.finish(lastEpochNanos[0] + 1);
    return new Reconstruction(exchanges, stats);
  }

  long complete() {
    return exchanges.stream().filter(WireExchange::complete).count();
  }

  /** The client port of an exchange ({@code ip:port} or {@code [v6]:port}). */
  static int clientPort(WireExchange e) {
    String id = e.connectionId();
    return Integer.parseInt(id.substring(id.lastIndexOf(':') + 1));
  }

  /**
   * tshark 4.0's pairing of responses with requests: a response goes with the latest request whose
   * last segment came before the response's first segment, unless an earlier response already
   * took that request. Returns each complete exchange tshark would time, with the instant of the
   * request end tshark measures from (the exchange's own only when not pipelined behind others).
   */
  /**
   * Each frame's position in the capture file, by its timestamp (first frame with that instant).
   * tshark walks frames in file order, which on lo can differ from timestamp order by a few
   * nanoseconds between the two directions (they are stamped on different CPUs).
   */
  static Map<Long, Integer> frameOrder(Path pcap) throws IOException {
    Map<Long, Integer> order = new HashMap<>();
    int[] n = {0};
    CaptureReader.read(pcap, (PacketHandler) (epochNanos, linkType, data, offset, captured, original) ->
        order.putIfAbsent(epochNanos, n[0]++));
    return order;
  }

  static Map<WireExchange, Long> latestRequestPairing(List<WireExchange> exchanges, Map<Long, Integer> frameOrder) {
    Map<String, List<WireExchange>> byConnection = new HashMap<>();
    for (WireExchange e : exchanges) {
      byConnection.computeIfAbsent(e.connectionId() + "@" + e.connectionOpenEpochNanos(),
          k -> new ArrayList<>()).add(e);
    }
    Map<WireExchange, Long> paired = new IdentityHashMap<>();
    for (List<WireExchange> onOne : byConnection.values()) {
      onOne.sort(Comparator.comparingInt(WireExchange::requestIndex));
      int taken = -1;
      for (WireExchange e : onOne) {
        if (!e.complete()) {
          continue;
        }
        int latest = -1;
        for (int i = 0; i < onOne.size(); i++) {
          // "seen before the response" in file order, as tshark reads the capture
          if (frameOrder.get(onOne.get(i).requestEndEpochNanos()) < frameOrder.get(e.firstResponseByteEpochNanos())) {
            latest = i;
          }
        }
        // requests written together end in one frame: tshark sees them as one request
        while (latest > 0 && onOne.get(latest - 1).requestEndEpochNanos()
            == onOne.get(latest).requestEndEpochNanos()) {
          latest--;
        }
        if (latest > taken) {
          paired.put(e, onOne.get(latest).requestEndEpochNanos());
          taken = latest;
        }
      }
    }
    return paired;
  }
}
