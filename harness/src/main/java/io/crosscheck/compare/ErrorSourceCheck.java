package io.crosscheck.compare;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunJson;

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
    String name = engine == null ? null : engine.layoutName();
    Findings.ResponseTime rt = f.responseTime();
    if (rt == null || f.lags() == null || f.lags().sendLag().count() == 0) {
      return layout == null ? null : Findings.ErrorSource.layoutOnly(layout, knownAccuracy, name);
    }
    Findings.Stats error = rt.perRequestError();
    Findings.LayoutHint hint = Findings.LayoutHint.NONE;
    if (name != null && !"loop-alone".equals(name) && error.meanMicros() > SHARED_HINT_MICROS) {
      hint = Findings.LayoutHint.LOOP_WITHOUT_OWN_CORE;
    } else if ("loop-alone".equals(name) && error.meanMicros() > LOOP_ALONE_EXPECTED_MICROS) {
      hint = Findings.LayoutHint.ABOVE_LOOP_ALONE;
    }
    // the sentence is the renderer's (report.FindingsSentences)
    return new Findings.ErrorSource(layout, knownAccuracy, name, Findings.ErrorCause.CLIENT_HOST, hint, rt.pairs(),
        f.lags().sendLag().count(), error.meanMicros(), f.lags().sendLag().meanMicros(),
        f.lags().receiveLag().meanMicros(), f.latency().wire().meanMicros(), null, null);
  }
}
