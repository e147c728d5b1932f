package io.crosscheck.wire;

import java.util.ArrayList;
import java.util.List;

/** Keeps what a reconstructor reports, for assertions. */
final class RecordingListener implements WireListener {
  final List<WireExchange> exchanges = new ArrayList<>();
  final List<ConnectionEvent> events = new ArrayList<>();

  @Override
  public void exchange(WireExchange exchange) {
    exchanges.add(exchange);
  }

  @Override
  public void connectionEvent(ConnectionEvent event) {
    events.add(event);
  }
}
