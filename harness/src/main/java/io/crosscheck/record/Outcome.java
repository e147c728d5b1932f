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
  /** The connection could not be opened (refused, connect timeout, no local port). */
  CONNECT_ERROR,
  /** The connection was reset or closed before the reply was complete. */
  RESET,
  /** The reply did not parse as HTTP/1.x. */
  INVALID,
  /** The run ended (deadline or interrupt) while the request was in flight. */
  ABORTED;

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
