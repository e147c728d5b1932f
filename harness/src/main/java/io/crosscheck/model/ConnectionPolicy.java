package io.crosscheck.model;

import java.util.Locale;

/** What an engine does with TCP connections (DESIGN.md section 2). */
public enum ConnectionPolicy {
  /** One dedicated persistent connection per session (httperf). */
  PER_SESSION,
  /** A new connection per request, closed after the reply (HTTP/1.0 clients). */
  PER_REQUEST,
  /** An idle cache shared by all users, at most K idle, most recently returned first (the JDK). */
  SHARED_CACHE,
  /** Up to K parallel persistent connections per session (browsers, K=6). */
  BROWSER;

  /** The name used on the command line and in files, e.g. {@code per-session}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Parses a label; returns null when unknown. */
  public static ConnectionPolicy fromLabel(String label) {
    for (ConnectionPolicy p : values()) {
      if (p.label().equals(label)) {
        return p;
      }
    }
    return null;
  }
}
