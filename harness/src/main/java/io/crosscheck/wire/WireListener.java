package io.crosscheck.wire;

/** Receives what reconstruction finds, in capture order as far as each item is known. */
public interface WireListener {
  void exchange(WireExchange exchange);

  void connectionEvent(ConnectionEvent event);
}
