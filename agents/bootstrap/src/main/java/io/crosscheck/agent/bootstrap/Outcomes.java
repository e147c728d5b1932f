package io.crosscheck.agent.bootstrap;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.concurrent.CancellationException;

/**
 * The outcome of an exchange that ended with a throwable, for the hook families whose clients
 * report failures as exceptions (java-http-client, apache-httpclient), in the harness's terms: a
 * status of 400 or more is {@code http-error}; no connection {@code connect-error}; a reply that
 * could not be parsed {@code invalid} (a protocol exception anywhere in the causes, or "no
 * response" after bytes that were not one); a cancelled
 * call {@code aborted}; any other I/O failure (reset, end of stream mid-reply, closed) {@code reset}.
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
    if (any(failure, "invalid")) {
      return "invalid";
    }
    if (ex.responseBytes > 0 && ex.status == 0 && any(failure, "no-response")) {
      return "invalid"; // bytes came, but not a response (Apache skips them as junk, then sees the end)
    }
    if (any(failure, "cancel")) {
      return "aborted";
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
        case "no-response" -> {
          if (name.endsWith("NoHttpResponseException")) {
            return true;
          }
        }
        default -> {
          if (c instanceof CancellationException || c instanceof InterruptedException) {
            return true;
          }
        }
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return false;
  }
}
