package io.crosscheck.engine.legacy;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The JDK HTTP client's JVM-wide system properties {@code http.maxConnections} and
 * {@code http.keepAlive}. The JDK reads them once, when its HTTP client and keep-alive cache are
 * first used, and keeps them for the life of the JVM: they must be set before the first URL
 * connection, and a run that needs other values needs a fresh (child) JVM. This class sets them
 * before the legacy engine's first request and refuses, with a clear message, a later run that
 * asks for values other than those in force.
 *
 * <p>The one piece of static state in the package, mirroring the JDK's own: thread-safe.
 */
final class JdkHttpProperties {
  static final String MAX_CONNECTIONS = "http.maxConnections";
  static final String KEEP_ALIVE = "http.keepAlive";
  /** The JDK's default for {@code http.maxConnections}. */
  static final long DEFAULT_MAX_CONNECTIONS = 5;

  private static boolean used;

  private JdkHttpProperties() {}

  /** Sets the requested properties; fails when the JVM already runs with other values. */
  static synchronized void apply(LegacyOptions options) {
    String max = options.httpMaxConnections() > 0 ? Integer.toString(options.httpMaxConnections()) : null;
    String keepAlive = switch (options.httpKeepAlive()) {
      case ON -> "true";
      case OFF -> "false";
      case DEFAULT -> null;
    };
    List<String> problems = new ArrayList<>();
    check(MAX_CONNECTIONS, max, Long.toString(maxConnections()), problems);
    check(KEEP_ALIVE, keepAlive, keepAlive() == 1 ? "true" : "false", problems);
    if (!problems.isEmpty()) {
      throw new IllegalStateException(String.join("\n", problems));
    }
    if (max != null) {
      System.setProperty(MAX_CONNECTIONS, max);
    }
    if (keepAlive != null) {
      System.setProperty(KEEP_ALIVE, keepAlive);
    }
    used = true;
  }

  /** {@code inForce}: the value the JDK uses now, its default when the property is unset. */
  private static void check(String key, String wanted, String inForce, List<String> problems) {
    String current = System.getProperty(key);
    if (wanted != null && used && !Objects.equals(inForce, wanted)) {
      problems.add(key + "=" + wanted + " was asked for, but this JVM already opened URL connections"
          + " with " + key + "=" + (current == null ? "(JDK default)" : current) + "; the JDK reads it"
          + " once per JVM: run the legacy-urlconnection engine in a fresh (child) JVM");
    }
  }

  /** The {@code http.maxConnections} value in force (the JDK default when unset or invalid). */
  static long maxConnections() {
    try {
      long v = Long.parseLong(System.getProperty(MAX_CONNECTIONS, "5"));
      return v > 0 ? v : DEFAULT_MAX_CONNECTIONS;
    } catch (NumberFormatException e) {
      return DEFAULT_MAX_CONNECTIONS;
    }
  }

  /** 1 when keep-alive is on (the JDK default), 0 when {@code http.keepAlive=false}. */
  static long keepAlive() {
    return Boolean.parseBoolean(System.getProperty(KEEP_ALIVE, "true")) ? 1 : 0;
  }
}
