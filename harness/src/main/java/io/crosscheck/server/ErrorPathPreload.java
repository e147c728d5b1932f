package io.crosscheck.server;

import java.io.IOException;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.TimeZone;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

/**
 * Loads, while the process still has descriptors to spare, what a server's error path loads
 * lazily: the time-zone database ({@code lib/tzdb.dat}, read by the first timestamp) and
 * java.util.logging's configuration and formatter, which Netty logs its warnings through (slf4j-nop
 * is on the class path, and Netty does not take a no-op slf4j). Under descriptor exhaustion the
 * first warning's timestamp could not open tzdb.dat, and the class that failed to initialise
 * failed every later use too ({@code NoClassDefFoundError: Could not initialize class
 * sun.util.calendar.ZoneInfoFile}), ending the accept thread (issue 24). Done once per JVM (class
 * initialisation); thread-safe.
 */
final class ErrorPathPreload {
  static {
    try {
      TimeZone.getDefault();
      ZoneId.systemDefault().getRules();
      ZonedDateTime.now();
      LogManager.getLogManager(); // reads conf/logging.properties
      LogRecord record = new LogRecord(Level.WARNING, "preloaded {0}");
      record.setParameters(new Object[] {1});
      record.setLoggerName("io.crosscheck.server");
      record.setThrown(new IOException("preloaded"));
      new SimpleFormatter().format(record); // timestamp, level name bundle, stack trace text
    } catch (Throwable ignored) {
      // best effort: a server that cannot preload still serves; only its error path is at risk
    }
  }

  private ErrorPathPreload() {}

  /** Makes sure the preload ran (the first call runs it). */
  static void ensure() {
    // class initialisation above does the work
  }
}
