package io.crosscheck.model.spec;

import io.crosscheck.model.Workload;

/**
 * A workload as the user typed it: every field is the raw text of one command-line option (null
 * means "not given"), so that {@link #build()} can check them all and report every problem at once,
 * each naming its option, before any load starts.
 *
 * <p>Forms (durations take ns, us, ms, s, m, h suffixes; rates are per second):
 * <ul>
 *   <li>{@code arrival}: closed | open | partly-open
 *   <li>{@code users}: positive integer (closed); {@code sessionsPerUser}: integer &gt;= 0, 0 =
 *       until the run ends
 *   <li>{@code rate} + {@code process} (poisson | deterministic): open and partly-open arrivals
 *   <li>{@code interarrival}: exp:MEAN | fixed:PERIOD | file:PATH (one gap per line, in seconds as
 *       httperf's --period=s,FILE reads them with strtod, or with a duration suffix; a mean gap of at least 1us) — partly-open
 *   <li>{@code rateSchedule}: RATE:DURATION[,RATE:DURATION...] e.g. 10:10s,333:4s,10:10s; gaps
 *       within a step by {@code process}
 *   <li>open and partly-open take exactly one of rate, interarrival, rateSchedule; closed none
 *   <li>{@code think}: none | fixed:D | exp:MEAN | uniform:MIN-MAX | table:FILE (PATH DURATION per
 *       line; paths not listed think 0)
 *   <li>{@code sessionLength}: fixed:N | geometric:P[:MAX] (0 &lt;= P &lt; 1, MAX default 1000);
 *       URL lists only, wsesslog sessions are explicit
 *   <li>{@code urls}: comma-separated paths; {@code urlFile}: one path per line; {@code urlOrder}:
 *       sequential | random; {@code wsesslog}: an httperf --wsesslog file. At most one of urls,
 *       urlFile, wsesslog; none means urls {@code /static/2k}
 *   <li>file locations in problems are {@code PATH:LINE} with PATH as given
 *   <li>{@code rampUp}, {@code duration} (the measured window), {@code rampDown}: durations
 *   <li>{@code seed}: a long
 * </ul>
 *
 * <p>Not thread-safe; a plain holder.
 */
public final class WorkloadSpec {
  public String target = "http://127.0.0.1:8080";
  public String arrival = "closed";
  public String users = "10";
  public String sessionsPerUser = "0";
  public String rate;
  public String process = "poisson";
  public String interarrival;
  public String rateSchedule;
  public String think = "none";
  public String sessionLength = "fixed:10";
  /** Null unless given, so that giving it together with urlFile or wsesslog can be reported. */
  public String urls;
  public String urlFile;
  public String urlOrder = "sequential";
  public String wsesslog;
  public String rampUp = "0s";
  public String duration = "10s";
  public String rampDown = "0s";
  public String seed = "1";

  /**
   * Checks every field and builds the workload.
   *
   * @throws SpecException listing every problem found, each with its option or file:line
   */
  public Workload build() throws SpecException {
    return WorkloadSpecBuilder.build(this);
  }
}
