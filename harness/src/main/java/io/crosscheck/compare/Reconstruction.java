package io.crosscheck.compare;

import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.CaptureStats;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireListener;
import io.crosscheck.wire.WireOptions;
import io.crosscheck.wire.WireReconstructor;
import io.crosscheck.wire.WireStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Stage 1 of a comparison: capture → every HTTP exchange and connection event, in memory (and,
 * through {@code tee}, wherever the caller writes them). Stateless.
 *
 * @param exchanges every exchange rebuilt from the capture
 * @param events connection opens and closes, in time order
 * @param capture what the capture file held
 * @param wire what reconstruction counted
 * @param firstPacketEpochNanos the capture's first packet (its clock), {@link Long#MAX_VALUE} when empty
 * @param lastPacketEpochNanos its last packet, {@link Long#MIN_VALUE} when empty
 * @param populationStatements what the server stated of its population on its replies (see {@link
 *     io.crosscheck.wire.StatedPopulation}): each distinct statement with the replies that carried
 *     it; empty when none did
 */
public record Reconstruction(List<WireExchange> exchanges, List<ConnectionEvent> events, CaptureStats capture,
    WireStats wire, long firstPacketEpochNanos, long lastPacketEpochNanos, Map<String, Long> populationStatements) {

  public Reconstruction {
    // not copied: a capture can hold millions of exchanges; the lists are never modified after of()
    exchanges = Collections.unmodifiableList(exchanges);
    events = Collections.unmodifiableList(events);
    populationStatements = populationStatements == null ? Map.of() : populationStatements;
  }

  /** A reconstruction without population statements. */
  public Reconstruction(List<WireExchange> exchanges, List<ConnectionEvent> events, CaptureStats capture,
      WireStats wire, long firstPacketEpochNanos, long lastPacketEpochNanos) {
    this(exchanges, events, capture, wire, firstPacketEpochNanos, lastPacketEpochNanos, Map.of());
  }

  /**
   * Exchanges and events that did not come from a capture file (unit tests of the later stages,
   * tools that rebuild exchanges themselves): no capture or reconstruction counters.
   */
  public static Reconstruction inMemory(List<WireExchange> exchanges, List<ConnectionEvent> events,
      long firstPacketEpochNanos, long lastPacketEpochNanos) {
    return new Reconstruction(exchanges, events, null, null, firstPacketEpochNanos, lastPacketEpochNanos);
  }

  /** True when the capture held at least one packet. */
  public boolean hasPackets() {
    return lastPacketEpochNanos >= firstPacketEpochNanos;
  }

  /**
   * Reads {@code pcap} and rebuilds its exchanges.
   *
   * @param serverPort the server's port (0: inferred per connection from who sent the SYN)
   * @param tee also receives every exchange and event as it is rebuilt; may be null
   * @throws IOException when the capture cannot be read (the message names the file)
   */
  public static Reconstruction of(Path pcap, int serverPort, WireListener tee) throws IOException {
    List<WireExchange> exchanges = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    WireListener collect = new WireListener() {
      @Override
      public void exchange(WireExchange e) {
        exchanges.add(e);
        if (tee != null) {
          tee.exchange(e);
        }
      }

      @Override
      public void connectionEvent(ConnectionEvent e) {
        events.add(e);
        if (tee != null) {
          tee.connectionEvent(e);
        }
      }
    };
    WireReconstructor reconstructor = new WireReconstructor(collect, WireOptions.DEFAULTS.withServerPort(serverPort));
    long[] span = {Long.MAX_VALUE, Long.MIN_VALUE};
    CaptureStats capture = CaptureReader.read(pcap, (ts, link, data, off, caplen, len) -> {
      span[0] = Math.min(span[0], ts);
      span[1] = Math.max(span[1], ts);
      reconstructor.packet(ts, link, data, off, caplen, len);
    });
    WireStats wire = reconstructor.finish(span[1]);
    events.sort(Comparator.comparingLong(ConnectionEvent::epochNanos));
    return new Reconstruction(exchanges, events, capture, wire, span[0], span[1],
        reconstructor.populationStatements());
  }
}
