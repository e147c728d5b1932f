package io.crosscheck.agent.bootstrap;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The agent's lifecycle inside the target: starts the recording (files, writer, telemetry,
 * shutdown hook), stops it (on the target's shutdown — normal end, {@code System.exit}, an uncaught
 * exception, SIGTERM — or on a {@code stop} attach), and keeps agent.json and agent.log. Advice
 * failures are suppressed, counted and the first few logged: the agent never throws into the target.
 *
 * <p>agent.json (written atomically, tmp + rename, at start with status {@code running} and at the
 * end): formatVersion, agentVersion, status (running, completed, detached, failed), endReason, pid,
 * the target JVM (javaHome, javaVersion, javaVendor, vmName, featureVersion), hooks, reporting,
 * server, startNanos/startEpochNanos and endNanos/endEpochNanos (the target's monotonic and wall
 * clocks read back to back), exchangesRecorded, exchangesOtherServer, recordsDropped, requestRows,
 * intervalRows, reportsWithoutExchange, adviceErrors, adviceErrorSamples, threadsSeen, telemetryRows,
 * error. While it records, {@link LiveState} publishes what is in flight (live.json) for the harness's
 * stall watch.
 */
public final class AgentControl {
  public static final String VERSION = "0.1.0";
  private static final int MAX_LOGGED_ERRORS = 20;

  private static final AtomicLong ADVICE_ERRORS = new AtomicLong();
  private static final List<String> ERROR_SAMPLES = new ArrayList<>();
  private static volatile Path dir;
  private static volatile AgentConfig config;
  private static volatile Telemetry telemetry;
  private static volatile LiveState live;
  private static volatile Thread hook;
  private static volatile Runnable uninstall;
  private static volatile List<String> hooks = List.of();
  private static long startNanos;
  private static long startEpochNanos;
  private static volatile boolean running;

  private AgentControl() {}

  /** True while a recording runs in this JVM. */
  public static boolean running() {
    return running;
  }

  /**
   * Starts recording into {@code c.out}: requests.csv, intervals.csv, telemetry.csv, agent.json.
   * Advice is inactive until {@link #activate}.
   *
   * @throws IOException when the files cannot be created (e.g. a run directory already used)
   */
  public static synchronized void start(AgentConfig c) throws IOException {
    if (running) {
      throw new IOException("a recording already runs in this JVM (into " + dir + ")");
    }
    dir = c.out;
    config = c;
    startNanos = System.nanoTime();
    startEpochNanos = epochNanos();
    // a JVM recorded before (attach, stop, attach again): this recording counts from zero
    Recorder.reset();
    ADVICE_ERRORS.set(0);
    synchronized (ERROR_SAMPLES) {
      ERROR_SAMPLES.clear();
    }
    hooks = List.of();
    telemetry = null;
    Recorder.config = c;
    Recorder.writer = new RecordWriter(c.out);
    if (c.telemetryPeriodMillis > 0) {
      telemetry = Telemetry.start(c.out.resolve("telemetry.csv"), c.telemetryPeriodMillis);
    }
    running = true;
    live = LiveState.start(c.out);
    writeJson("running", "", "");
    Thread h = new Thread(() -> stop("shutdown"), "crosscheck-agent-shutdown");
    Runtime.getRuntime().addShutdownHook(h);
    hook = h;
  }

  /** Turns the advice on, once it is installed; {@code undo} removes it again on {@code stop}. */
  public static void activate(List<String> installedHooks, Runnable undo) {
    hooks = List.copyOf(installedHooks);
    uninstall = undo;
    Recorder.active = true;
    writeJson("running", "", "");
    log("recording: hooks " + hooks + (config.reportingSpec().isEmpty() ? "" : ", " + config.reportingSpec())
        + " into " + dir);
  }

  /** Records that the agent could not start: agent.json with status failed, when {@code out} is usable. */
  public static void failed(Path out, String error) {
    if (out != null && Files.isDirectory(out)) {
      dir = out;
      writeJson("failed", "", error);
    }
  }

  /**
   * Stops the recording: advice off, exchanges in flight written as they stand, files flushed and
   * closed, agent.json finished. Idempotent.
   *
   * @param reason {@code shutdown} (the target ends) or {@code stop} (detached by a later attach)
   */
  public static void stop(String reason) {
    synchronized (AgentControl.class) {
      if (!running) {
        return;
      }
      running = false;
    }
    Recorder.active = false;
    try {
      Runnable u = uninstall;
      if (u != null && !"shutdown".equals(reason)) {
        u.run();
      }
    } catch (Throwable t) {
      log("removing the advice: " + t);
    }
    LiveState l = live;
    if (l != null) {
      l.stop();
    }
    Recorder.flushLive();
    RecordWriter w = Recorder.writer;
    if (w != null) {
      w.close(5000);
    }
    Telemetry t = telemetry;
    if (t != null) {
      t.stop();
    }
    String error = w != null && w.failure() != null ? "writing records: " + w.failure().getMessage() : "";
    writeJson(switch (reason) {
      case "shutdown" -> "completed";
      case "stop" -> "detached";
      default -> "failed";
    }, reason, error);
    if (!"shutdown".equals(reason)) {
      try {
        Thread h = hook;
        if (h != null) {
          Runtime.getRuntime().removeShutdownHook(h);
        }
      } catch (IllegalStateException e) {
        // already shutting down
      }
    }
  }

  /**
   * Rows handed to the writer and not yet taken by it (0 when nothing records): a hook for the
   * advice benchmark, which waits on it between exchanges so that no row is dropped.
   */
  public static int recordsQueued() {
    RecordWriter w = Recorder.writer;
    return w == null ? 0 : w.queued();
  }

  /** Counts an advice throwable; logs the first few. Never throws. */
  public static void adviceError(String where, Throwable t) {
    try {
      long n = ADVICE_ERRORS.incrementAndGet();
      if (n <= MAX_LOGGED_ERRORS) {
        String line = where + ": " + t;
        synchronized (ERROR_SAMPLES) {
          ERROR_SAMPLES.add(line);
        }
        log("suppressed " + line);
      }
    } catch (Throwable ignored) {
      // nothing may escape into the target
    }
  }

  /** Appends a line to agent.log. Never throws. */
  public static void log(String line) {
    Path d = dir;
    if (d == null) {
      return;
    }
    try {
      synchronized (AgentControl.class) {
        Files.write(d.resolve("agent.log"), (Instant.now() + " " + line + "\n").getBytes(StandardCharsets.UTF_8),
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      }
    } catch (IOException | RuntimeException e) {
      // the log is best effort
    }
  }

  /** One line on the target's stderr, prefixed; the only output the agent makes there. */
  public static void say(PrintStream err, String line) {
    try {
      err.println("crosscheck-agent: " + line);
    } catch (Throwable ignored) {
      // nothing may escape into the target
    }
  }

  private static long epochNanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  private static synchronized void writeJson(String status, String endReason, String error) {
    Path d = dir;
    if (d == null) {
      return;
    }
    try {
      AgentConfig c = config;
      RecordWriter w = Recorder.writer;
      Telemetry t = telemetry;
      boolean ended = !"running".equals(status);
      long endNanos = ended ? System.nanoTime() : -1;
      long endEpoch = ended ? epochNanos() : -1;
      StringBuilder j = new StringBuilder(1024).append("{\n");
      field(j, "formatVersion", 1);
      field(j, "agentVersion", VERSION);
      field(j, "status", status);
      field(j, "endReason", endReason);
      field(j, "pid", ProcessHandle.current().pid());
      field(j, "javaHome", System.getProperty("java.home"));
      field(j, "javaVersion", System.getProperty("java.version"));
      field(j, "javaVendor", System.getProperty("java.vendor"));
      field(j, "vmName", System.getProperty("java.vm.name"));
      field(j, "featureVersion", Runtime.version().feature());
      field(j, "inputArguments", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
      j.append("  \"hooks\": [");
      for (int i = 0; i < hooks.size(); i++) {
        j.append(i == 0 ? "" : ", ");
        string(j, hooks.get(i));
      }
      j.append("],\n");
      field(j, "arguments", c == null ? "" : c.raw);
      field(j, "reporting", c == null ? "" : c.reportingSpec());
      field(j, "server", c == null || c.serverPort < 0 ? "" : c.serverHost + ":" + c.serverPort);
      field(j, "startNanos", startNanos);
      field(j, "startEpochNanos", startEpochNanos);
      field(j, "endNanos", endNanos);
      field(j, "endEpochNanos", endEpoch);
      field(j, "exchangesRecorded", Recorder.EXCHANGES.get());
      field(j, "exchangesOtherServer", Recorder.OTHER_SERVER.get());
      field(j, "recordsDropped", w == null ? 0 : w.dropped.get());
      field(j, "requestRows", w == null ? 0 : w.requestRows.get());
      field(j, "intervalRows", w == null ? 0 : w.intervalRows.get());
      field(j, "reportsWithoutExchange", Recorder.REPORTS_WITHOUT_EXCHANGE.get());
      field(j, "threadsSeen", Recorder.THREADS.get());
      field(j, "telemetryRows", t == null ? 0 : t.rows.get());
      field(j, "adviceErrors", ADVICE_ERRORS.get());
      j.append("  \"adviceErrorSamples\": [");
      synchronized (ERROR_SAMPLES) {
        for (int i = 0; i < ERROR_SAMPLES.size(); i++) {
          j.append(i == 0 ? "" : ", ");
          string(j, ERROR_SAMPLES.get(i));
        }
      }
      j.append("],\n");
      j.append("  \"error\": ");
      string(j, error);
      j.append("\n}\n");
      Path tmp = d.resolve("agent.json.tmp");
      Files.write(tmp, j.toString().getBytes(StandardCharsets.UTF_8));
      Files.move(tmp, d.resolve("agent.json"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      log("writing agent.json: " + e);
    }
  }

  private static void field(StringBuilder j, String name, Object value) {
    j.append("  ");
    string(j, name);
    j.append(": ");
    if (value instanceof Number) {
      j.append(value);
    } else {
      string(j, String.valueOf(value));
    }
    j.append(",\n");
  }

  private static void string(StringBuilder j, String s) {
    j.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> j.append("\\\"");
        case '\\' -> j.append("\\\\");
        case '\n' -> j.append("\\n");
        case '\r' -> j.append("\\r");
        case '\t' -> j.append("\\t");
        default -> {
          if (c < 0x20) {
            j.append(String.format("\\u%04x", (int) c));
          } else {
            j.append(c);
          }
        }
      }
    }
    j.append('"');
  }
}
