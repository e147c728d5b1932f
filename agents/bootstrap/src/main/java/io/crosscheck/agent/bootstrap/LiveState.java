package io.crosscheck.agent.bootstrap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.Set;

/**
 * What the audited generator has in flight, published every {@link #PERIOD_MILLIS} ms for the
 * harness's stall watch: {@code live.json} in the run directory, replaced atomically (tmp + rename).
 * One daemon thread; it reads the recorder's live exchanges and never touches the target's.
 *
 * <p>live.json, one JSON object: {@code sampleNanos} (the target's {@code System.nanoTime()} when
 * written), {@code exchangesBegun} (every exchange begun so far), {@code inFlight} (begun and not
 * ended: no reply end, error or abandon yet), {@code inFlightConnections} (the distinct
 * connections those are on; one each whose connection is not known), {@code
 * oldestInFlightAgeNanos} (how long the oldest of them had been in flight at {@code sampleNanos},
 * from its send start, else its intended start; -1 when none). Completions are {@code
 * exchangesBegun - inFlight}. Ages, not instants: the harness reads them on its own clock.
 */
final class LiveState {
  static final String FILE = "live.json";
  static final long PERIOD_MILLIS = 200;

  private final Path dir;
  private final Thread thread;
  private volatile boolean stopping;

  private LiveState(Path dir) {
    this.dir = dir;
    this.thread = new Thread(this::loop, "crosscheck-agent-live");
    thread.setDaemon(true);
  }

  /** Starts publishing into {@code dir}. */
  static LiveState start(Path dir) {
    LiveState s = new LiveState(dir);
    s.thread.start();
    return s;
  }

  private void loop() {
    while (!stopping) {
      write();
      try {
        Thread.sleep(PERIOD_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** One sample into live.json; failures are logged once per kind, never thrown. */
  private void write() {
    try {
      long begun = Recorder.EXCHANGES.get();
      long now = System.nanoTime();
      long inFlight = 0;
      long unknown = 0;
      long oldest = Long.MAX_VALUE;
      Set<String> connections = new HashSet<>();
      for (Exchange ex : Recorder.LIVE) {
        if (ex.ended || ex.queued) {
          continue;
        }
        inFlight++;
        String id = ex.connectionId;
        if (id == null || id.isEmpty()) {
          unknown++;
        } else {
          connections.add(id);
        }
        long since = ex.sendStartNanos >= 0 ? ex.sendStartNanos : ex.intendedStartNanos;
        if (since >= 0) {
          oldest = Math.min(oldest, since);
        }
      }
      begun = Math.max(begun, inFlight);
      String json = "{\"sampleNanos\": " + now + ", \"exchangesBegun\": " + begun + ", \"inFlight\": " + inFlight
          + ", \"inFlightConnections\": " + (connections.size() + unknown) + ", \"oldestInFlightAgeNanos\": "
          + (oldest == Long.MAX_VALUE ? -1 : Math.max(0, now - oldest)) + "}\n";
      Path tmp = dir.resolve(FILE + ".tmp");
      Files.write(tmp, json.getBytes(StandardCharsets.UTF_8));
      Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      AgentControl.adviceError("live.json", e);
    }
  }

  /** Stops publishing; live.json keeps the last sample. */
  void stop() {
    stopping = true;
    thread.interrupt();
  }
}
