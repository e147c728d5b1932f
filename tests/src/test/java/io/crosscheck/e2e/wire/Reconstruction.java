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
import java.util.List;

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
}
