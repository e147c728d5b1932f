package io.crosscheck.agent.bootstrap;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.concurrent.CancellationException;

/**
 * The outcome of an exchange that ended with a throwable, for every hook family, in the harness's
 * terms: a status of 400 or more is {@code http-error}; no connection (nothing sent) {@code
 * connect-error}; a timeout {@code timeout}; a cancelled or interrupted call {@code aborted}; a reply
 * that could not be parsed {@code invalid} (a protocol exception anywhere in the causes, or bytes came
 * and no status line was read from them); any other I/O failure (reset, end of stream mid-reply,
 * closed) {@code reset}.
 */
final class Outcomes {
  private Outcomes() {}

  static String of(Throwable failure, Exchange ex) {
    if (ex.status >= 400) {
      return "http-error";
    }
    if (ex.sendStartNanos < 0 && any(failure, "connect")) {
      return "connect-error";
    }
    if (any(failure, "timeout")) {
      return "timeout";
    }
    if (any(failure, "cancel")) {
      return "aborted";
    }
    if (any(failure, "invalid") || ex.responseBytes > 0 && ex.status <= 0) {
      return "invalid";
    }
    return "reset";
  }

  /** A connect failure, before any request could be written. */
  static boolean isConnect(Throwable failure) {
    return any(failure, "connect");
  }

  private static boolean any(Throwable failure, String kind) {
    int depth = 0;
    for (Throwable c = failure; c != null && depth < 10; c = c.getCause(), depth++) {
      String name = c.getClass().getName();
      switch (kind) {
        case "connect" -> {
          if (c instanceof ConnectException || c instanceof NoRouteToHostException || c instanceof UnknownHostException
              || name.endsWith("ConnectTimeoutException") || name.endsWith("HttpHostConnectException")) {
            return true;
          }
        }
        case "invalid" -> {
          if (c instanceof java.net.ProtocolException || name.endsWith(".ProtocolException")
              || name.endsWith("ParseException") || name.startsWith("org.apache.hc.core5.http.Malformed")
              || name.startsWith("org.apache.http.Malformed")
              || name.endsWith("MessageConstraintException")) {
            return true;
          }
        }
        case "timeout" -> {
          // by name: java.net.http is not visible from the boot class path
          if (c instanceof java.net.SocketTimeoutException || name.equals("java.net.http.HttpTimeoutException")) {
            return true;
          }
        }
        case "cancel" -> {
          if (c instanceof CancellationException || c instanceof InterruptedException) {
            return true;
          }
        }
        default -> throw new IllegalArgumentException(kind);
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return false;
  }
}
