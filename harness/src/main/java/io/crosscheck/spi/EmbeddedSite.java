package io.crosscheck.spi;

import java.util.List;

/** A running embedded site of a compatibility module (the RUBiS auction site, the TPC-W bookstore). */
public interface EmbeddedSite extends AutoCloseable {
  int port();

  /** Every {@code address:port} the site can be reached on (all of the host's for a wildcard bind). */
  List<String> reachableAddresses();

  /** {@code http://HOST:PORT} of the bound address. */
  String baseUrl();

  /** Counters for the console, e.g. connections accepted and requests per interaction. */
  String describeCounters();

  @Override
  void close();
}
