package io.crosscheck.run;

import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import io.crosscheck.spi.TpcwSupport.Mix;
import io.crosscheck.spi.TpcwSupport;
import io.crosscheck.text.Printable;
import java.util.List;
import java.util.Locale;

/**
 * Builds the workload of {@code --tpcw MIX}: the TPC-W Remote Browser Emulator's options with its
 * names and defaults ({@code -EB}, {@code -RU}, ...), checked by the TPC-W module, then target, seed
 * and durations by the rules every workload follows (the target by form, units). As in the RBE, every
 * emulated browser starts at the run's start and runs user sessions back to back; {@code
 * --ramp-up}, {@code --duration} and {@code --ramp-down}, when given, replace -RU, -MI and -RD.
 */
public final class TpcwWorkloads {
  /** The options that only mean something with --tpcw. */
  public static final List<String> TPCW_ONLY = List.of("-EB", "-RU", "-MI", "-RD", "-TT", "-SLOW", "-CUST", "-ITEM",
      "-GETIM", "-MAXERROR", "-CON");

  /**
   * crosscheck's defaults where the RBE's make no sense for an audit: the RBE has no default -EB,
   * and its -RU 600 -MI 1800 -RD 300 make a 45-minute run. 100 browsers over 20 s of ramp-up (the
   * first think time alone is up to 20 s) and a minute measured give about a thousand pages.
   */
  static final int DEFAULT_BROWSERS = 100;
  static final long DEFAULT_RU_SECONDS = 20;
  static final long DEFAULT_MI_SECONDS = 60;
  static final long DEFAULT_RD_SECONDS = 0;

  private TpcwWorkloads() {}

  /** The workload, or null with {@code problems} filled in. */
  static Workload build(WorkloadRequest o, List<Problem> problems) {
    TpcwSupport support = TpcwSupport.find().orElse(null);
    if (support == null) {
      problems.add(new Problem("--tpcw", o.tpcw(), "the rubis-compat module on the classpath (run ./crosscheck)"));
      return null;
    }
    int before = problems.size();
    Mix mix = mix(o.tpcw(), problems);
    if (o.rubis() != null) {
      problems.add(new Problem("--tpcw", o.tpcw(), "not both --tpcw and --rubis (one workload per run)"));
    }
    for (String rubisOnly : List.of("--think-scale", "--rubis-table")) {
      if (o.given(rubisOnly)) {
        problems.add(new Problem(rubisOnly, o.givenValue(rubisOnly),
            "--rubis (with --tpcw, -TT multiplies think times)"));
      }
    }
    int browsers = DEFAULT_BROWSERS;
    if (o.given("--users")) {
      browsers = count("--users", o.users(), problems);
    }
    String mask = null;
    if (o.tpcwEb() != null) {
      List<String> eb = o.tpcwEb();
      int countAt = eb.size() == 1 ? 0 : 1;
      if (eb.size() > 1) {
        Mix named = null;
        for (Mix m : Mix.values()) {
          if (m.factory().equalsIgnoreCase(eb.get(0)) || m.label().equalsIgnoreCase(eb.get(0))) {
            named = m;
          }
        }
        if (named == null) {
          problems.add(new Problem("-EB", eb.get(0), "rbe.EBTPCW1Factory, rbe.EBTPCW2Factory or rbe.EBTPCW3Factory"));
        } else if (mix != null && named != mix) {
          problems.add(new Problem("-EB", eb.get(0), "the factory of --tpcw " + mix.label() + " (" + mix.factory()
              + ")"));
        }
        if (eb.size() == 3) {
          mask = eb.get(2);
        }
      }
      browsers = count("-EB", eb.get(countAt), problems);
      if (o.given("--users")) {
        problems.add(new Problem("--users", o.users(), "either --users or -EB, not both"));
      }
    }
    TpcwSupport.Options d = TpcwSupport.Options.defaults(mix == null ? Mix.BROWSING : mix, browsers);
    boolean getImages = d.getImages();
    if (o.tpcwGetim() != null) {
      Boolean b = rbeBoolean(o.tpcwGetim());
      if (b == null) {
        problems.add(new Problem("-GETIM", o.tpcwGetim(), "true or false (the RBE reads the first letter: t/y/e/1,"
            + " f/n/d/0)"));
      } else {
        getImages = b;
      }
    }
    TpcwSupport.Options options = new TpcwSupport.Options(mix, browsers, mask, or(o.tpcwRu(), DEFAULT_RU_SECONDS),
        or(o.tpcwMi(), DEFAULT_MI_SECONDS), or(o.tpcwRd(), DEFAULT_RD_SECONDS), or(o.tpcwTt(), d.thinkScale()),
        or(o.tpcwSlow(), d.slow()), or(o.tpcwCust(), d.customers()), or(o.tpcwItem(), d.items()), getImages,
        or(o.tpcwMaxError(), d.maxErrors()), or(o.tpcwCon(), d.imageConnections()), d.prefix());
    TpcwSupport.TpcwWorkloadSpec t = null;
    try {
      t = support.workload(options); // every option's problem at once, with the ones above
    } catch (SpecException e) {
      problems.addAll(e.problems());
    }
    if (problems.size() > before || t == null) {
      return null;
    }
    WorkloadSpec s = new WorkloadSpec();
    s.target = o.target();
    s.users = String.valueOf(t.browsers());
    s.rampUp = o.given("--ramp-up") ? o.rampUp() : t.phases().rampUpNanos() + "ns";
    s.duration = o.given("--duration") ? o.duration() : t.phases().measureNanos() + "ns";
    s.rampDown = o.given("--ramp-down") ? o.rampDown() : t.phases().rampDownNanos() + "ns";
    s.seed = o.seed();
    Workload checked;
    try {
      checked = s.build();
    } catch (SpecException e) {
      problems.addAll(e.problems());
      return null;
    }
    t.notes().forEach(n -> System.out.println("crosscheck tpcw: " + Printable.escape(n)));
    System.out.println("crosscheck tpcw: " + Printable.escape(t.description()));
    io.crosscheck.model.Phases p = checked.phases();
    System.out.println(String.format(Locale.ROOT, "crosscheck tpcw: the run lasts %s (ramp-up %s + measured %s +"
        + " ramp-down %s)%s", RubisWorkloads.seconds(p.totalNanos()), RubisWorkloads.seconds(p.rampUpNanos()), RubisWorkloads.seconds(p.measureNanos()),
        RubisWorkloads.seconds(p.rampDownNanos()), o.tpcwRu() != null || o.tpcwMi() != null || o.tpcwRd() != null
            || o.given("--duration") ? ""
            : "; crosscheck's defaults -RU 20 -MI 60 -RD 0 (the RBE's are -RU 600 -MI 1800 -RD 300: give them to"
                + " run as long as it does)"));
    return new Workload(checked.target(), t.arrival(), t.source(), checked.length(), new ThinkTime.None(),
        checked.phases(), checked.seed());
  }

  private static Mix mix(String text, List<Problem> problems) {
    for (Mix m : Mix.values()) {
      if (m.label().equalsIgnoreCase(text.trim()) || m.factory().equalsIgnoreCase(text.trim())) {
        return m;
      }
    }
    problems.add(new Problem("--tpcw", text, "browsing, shopping or ordering"));
    return null;
  }

  private static int count(String option, String text, List<Problem> problems) {
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // below
    }
    problems.add(new Problem(option, text, "a whole number of emulated browsers >= 1"));
    return 1;
  }

  /** The RBE's boolean parsing (RBE.java: the first character). */
  static Boolean rbeBoolean(String s) {
    if (s.isEmpty()) {
      return null;
    }
    return switch (Character.toLowerCase(s.charAt(0))) {
      case '1', 't', 'y', 'e' -> Boolean.TRUE;
      case '0', 'f', 'n', 'd' -> Boolean.FALSE;
      default -> null;
    };
  }

  private static <T> T or(T value, T fallback) {
    return value != null ? value : fallback;
  }
}
