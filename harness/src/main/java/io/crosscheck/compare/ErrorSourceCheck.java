package io.crosscheck.compare;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunJson;
import java.util.Locale;

/**
 * Says where the per-request error arises, beside the engine layout the run had. The error of one
 * request (reported minus wire) is its send lag (the generator's send stamp to the request's first
 * packet on the wire) plus its receive lag (the reply's last packet on the wire to the generator's
 * read): both lie on the client host, so a large error blames the client host, never the server,
 * whose time is the wire column. Not judged without matched pairs. Stateless.
 */
public final class ErrorSourceCheck {
  /** Above this mean error (µs) a run without a core for its loop is told how to get one. */
  static final double SHARED_HINT_MICROS = 20;
  /** Above this mean error (µs) a loop-alone run is said to be above what the layout gives. */
  static final double LOOP_ALONE_EXPECTED_MICROS = 50;

  private ErrorSourceCheck() {}

  /**
   * @param f the findings so far
   * @param engine run.json's engine section (its layout), or null
   * @return null when there is neither a layout nor a figure to state
   */
  public static Findings.ErrorSource judge(Findings f, RunJson.EngineSection engine) {
    String layout = engine == null ? null : engine.layout();
    String knownAccuracy = engine == null ? null : engine.layoutAccuracy();
    Findings.ResponseTime rt = f.responseTime();
    if (rt == null || f.lags() == null || f.lags().sendLag().count() == 0) {
      return layout == null ? null : new Findings.ErrorSource(layout, knownAccuracy, null, null);
    }
    Findings.Stats error = rt.perRequestError();
    Findings.Stats send = f.lags().sendLag();
    Findings.Stats receive = f.lags().receiveLag();
    StringBuilder statement = new StringBuilder(String.format(Locale.ROOT,
        "the client host's, not the server's: the %+.1f us mean per-request error is %.1f us of send lag (send"
            + " stamp to the request's first packet on the wire) and %.1f us of receive lag (the reply's last"
            + " packet to the read); the server's time is the wire column (mean %.1f us), not part of it",
        error.meanMicros(), send.meanMicros(), receive.meanMicros(), f.latency().wire().meanMicros()));
    String name = engine == null ? null : engine.layoutName();
    if (name != null && !"loop-alone".equals(name) && error.meanMicros() > SHARED_HINT_MICROS) {
      statement.append("; the engine's event loop had no core of its own (layout ").append(name)
          .append("): an audit on a host with 2 cores free lays it out loop-alone (12-16 us in bench/FIDELITY.md)");
    } else if ("loop-alone".equals(name) && error.meanMicros() > LOOP_ALONE_EXPECTED_MICROS) {
      statement.append("; above the 12-16 us this layout gives on a quiet host: other work took the client's cores"
          + " (see the client host line)");
    }
    String evidence = String.format(Locale.ROOT, "%,d matched pairs (%,d with both lags); wire instants mapped to"
        + " the generator's clock (%s)", rt.pairs(), send.count(), f.coverage() == null ? "mapping unknown"
            : f.coverage().clockMapping());
    return new Findings.ErrorSource(layout, knownAccuracy, statement.toString(), evidence);
  }
}
