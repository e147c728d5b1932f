package io.crosscheck.record;

import java.util.Locale;

/** How one request ended. Failures are data: every issued request ends with exactly one outcome. */
public enum Outcome {
  /** A complete reply with status &lt; 400. */
  OK,
  /** A complete reply with status &gt;= 400. */
  HTTP_ERROR,
  /** No complete reply within the request timeout. */
  TIMEOUT,
  /** The connection could not be opened by the server side (refused, connect timeout, unreachable). */
  CONNECT_ERROR,
  /** The connection was reset or closed before the reply was complete. */
  RESET,
  /** The reply did not parse as HTTP/1.x. */
  INVALID,
  /** The run ended (deadline or interrupt) while the request was in flight. */
  ABORTED,
  /**
   * The generator itself failed the request, not the server: it was never sent (the generator was
   * too far behind schedule, or at its own limit of connections) or the generator's host ran out
   * of file descriptors (EMFILE), local ports (EADDRNOTAVAIL) or threads. Appended last: files
   * written before it existed never carry it, and ordinals of the older outcomes are unchanged.
   */
  GENERATOR_ERROR;

  /** The name used in files: {@code ok}, {@code http-error}, ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Parses a label; returns null when unknown. */
  public static Outcome fromLabel(String label) {
    for (Outcome o : values()) {
      if (o.label().equals(label)) {
        return o;
      }
    }
    return null;
  }

  /** True for every outcome except {@link #OK}. */
  public boolean isError() {
    return this != OK;
  }
}
