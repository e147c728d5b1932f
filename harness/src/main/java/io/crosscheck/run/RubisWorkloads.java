package io.crosscheck.run;

import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import io.crosscheck.spi.RubisSupport;
import io.crosscheck.text.Printable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the workload of {@code --rubis}: the RUBiS client's own settings, with the options the user
 * gave explicitly on top. Target, seed and durations are checked by the same rules as every other
 * workload (the target by form, units in durations). As in the client, every user starts at the run's
 * start ({@link io.crosscheck.model.Arrival.UserStarts#ALL_AT_ONCE}) and the ramps (from the file
 * or from {@code --ramp-up}/{@code --ramp-down}) only multiply think times by the properties'
 * slowdown factors, which the sessions read from the engine's phase.
 */
public final class RubisWorkloads {
  private RubisWorkloads() {}

  /** The workload, or null with {@code problems} filled in. */
  static Workload build(WorkloadRequest o, List<Problem> problems) {
    RubisSupport support = RubisSupport.find().orElse(null);
    if (support == null) {
      problems.add(new Problem("--rubis", o.rubis(), "the rubis-compat module on the classpath (run ./crosscheck)"));
      return null;
    }
    if (!(o.thinkScale() > 0) || o.thinkScale() > 1000) {
      problems.add(new Problem("--think-scale", String.valueOf(o.thinkScale()), "a factor > 0 and <= 1000"));
      return null;
    }
    Integer users = null;
    if (o.given("--users")) {
      try {
        users = Integer.parseInt(o.users().trim());
      } catch (NumberFormatException e) {
        problems.add(new Problem("--users", o.users(), "a whole number > 0"));
        return null;
      }
    }
    RubisSupport.RubisWorkloadSpec r;
    try {
      r = support.workload(o.rubis().isEmpty() ? null : Path.of(o.rubis()), o.rubisTable(), users, o.thinkScale());
    } catch (SpecException e) {
      problems.addAll(e.problems());
      return null;
    }
    WorkloadSpec s = new WorkloadSpec();
    s.target = o.given("--target") ? o.target() : "http://" + r.host() + ":" + r.port();
    s.users = String.valueOf(r.users());
    s.rampUp = o.given("--ramp-up") ? o.rampUp() : r.phases().rampUpNanos() + "ns";
    s.duration = o.given("--duration") ? o.duration() : r.phases().measureNanos() + "ns";
    s.rampDown = o.given("--ramp-down") ? o.rampDown() : r.phases().rampDownNanos() + "ns";
    s.seed = o.seed();
    Workload checked;
    try {
      checked = s.build();
    } catch (SpecException e) {
      for (Problem p : e.problems()) {
        boolean fromFile = p.where().equals("--target") && !o.given("--target");
        problems.add(fromFile ? new Problem("--rubis (the properties' server)", p.value(),
            p.expected() + "; pass --target http://HOST:PORT to aim the RUBiS workload elsewhere") : p);
      }
      return null;
    }
    // notes quote the properties file and the table's set name: escaped, they cannot drive the terminal
    r.notes().forEach(n -> System.out.println("crosscheck rubis: " + Printable.escape(n)));
    System.out.println("crosscheck rubis: " + Printable.escape(r.description()));
    System.out.println("crosscheck rubis: " + Printable.escape(originOfValues(o, checked, r.users())));
    return new Workload(checked.target(), r.arrival(), r.source(), checked.length(),
        new ThinkTime.None(), checked.phases(), checked.seed());
  }

  /**
   * Which of the run's values come from the properties file and which from an option, and how long
   * the run lasts: a file's long ramps otherwise make a short {@code --duration} run for minutes.
   */
  private static String originOfValues(WorkloadRequest o, Workload checked, int users) {
    List<String> fromFile = new ArrayList<>();
    List<String> fromOptions = new ArrayList<>();
    io.crosscheck.model.Phases p = checked.phases();
    String[][] values = {
      {"--target", "target " + checked.target()},
      {"--users", users + " users"},
      {"--ramp-up", "ramp-up " + seconds(p.rampUpNanos())},
      {"--duration", "duration " + seconds(p.measureNanos())},
      {"--ramp-down", "ramp-down " + seconds(p.rampDownNanos())}};
    List<String> overridable = new ArrayList<>();
    for (String[] v : values) {
      if (o.given(v[0])) {
        fromOptions.add(v[1]);
      } else {
        fromFile.add(v[1]);
        overridable.add(v[0]);
      }
    }
    String total = seconds(p.rampUpNanos() + p.measureNanos() + p.rampDownNanos());
    return "from the properties: " + (fromFile.isEmpty() ? "nothing" : String.join(", ", fromFile))
        + "; from the options: " + (fromOptions.isEmpty() ? "nothing" : String.join(", ", fromOptions))
        + "; the run lasts " + total + " (ramp-up + duration + ramp-down)"
        + (overridable.isEmpty() ? "" : "; " + String.join(", ", overridable) + " override the file's values");
  }

  /** {@code nanos} as whole seconds ({@code 5 s}) or with milliseconds ({@code 0.250 s}). */
  static String seconds(long nanos) {
    return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + " s"
        : String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9);
  }
}
