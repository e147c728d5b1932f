package io.crosscheck.tpcw;

import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.spi.TpcwSupport.Options;
import io.crosscheck.spi.TpcwSupport.TpcwWorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A TPC-W workload as the RBE runs it, from its options: the scripted sessions ({@link
 * TpcwScriptFactory}), the browsers, the phases and what a user should know. Checks every option
 * as RBE.main does (RBE.java:378-440) and a little more, before any load starts.
 */
public final class TpcwWorkload {
  /** The -CUST limit: the top of RBE.stdCIDA's last band. */
  public static final int MAX_CUSTOMERS = 655_359_999;

  private TpcwWorkload() {}

  /**
   * The workload of {@code o}; its factory is {@code (TpcwScriptFactory) spec.source().factory()}.
   *
   * @throws SpecException listing every problem, each under the RBE option it comes from
   */
  public static TpcwWorkloadSpec build(Options o) throws SpecException {
    return build(o, new TpcwScriptFactory(check(o)));
  }

  /** {@link #build(Options)} with a factory made by the caller (a test's clock). */
  static TpcwWorkloadSpec build(Options o, TpcwScriptFactory factory) throws SpecException {
    check(o);
    Phases phases = new Phases(nanos(o.rampUpSeconds(), o.slow()), nanos(o.measureSeconds(), o.slow()),
        nanos(o.rampDownSeconds(), o.slow()));
    String description = "tpcw rbe " + o.mix().label() + " (" + o.mix().factory() + "), "
        + o.browsers() + " browsers, RU/MI/RD " + o.rampUpSeconds() + "/" + o.measureSeconds() + "/"
        + o.rampDownSeconds() + " s x SLOW " + o.slow() + ", " + factory.describe();
    return new TpcwWorkloadSpec(new SessionSource.Scripted(factory), o.browsers(), phases,
        description, notes(o, factory));
  }

  /** The options, or every problem with them. */
  static Options check(Options o) throws SpecException {
    List<Problem> problems = new ArrayList<>();
    if (o.mix() == null) {
      problems.add(Problem.stated("-EB", "a factory is required: rbe.EBTPCW1Factory (browsing),"
          + " rbe.EBTPCW2Factory (shopping) or rbe.EBTPCW3Factory (ordering)"));
    }
    if (o.browsers() < 1) {
      problems.add(new Problem("-EB", Integer.toString(o.browsers()),
          "a number of emulated browsers >= 1"));
    }
    String mask = o.stateMask();
    if (mask != null) {
      if (mask.length() != TpcwState.COUNT) {
        problems.add(new Problem("-EB", mask, "a state mask of exactly 15 characters, one per state"
            + " in the order INIT ADMC ADMR BESS BUYC BUYR CREG HOME NEWP ORDD ORDI PROD SREQ SRES"
            + " SHOP, '_' disabling one (the RBE reads 15 and fails on fewer)"));
      } else {
        if (mask.charAt(TpcwState.HOME.ordinal()) == '_') {
          problems.add(new Problem("-EB", mask, "HOME (8th character) enabled: every user session"
              + " starts and ends at Home"));
        }
        if (mask.charAt(TpcwState.INIT.ordinal()) == '_') {
          problems.add(new Problem("-EB", mask, "INIT (1st character) enabled: with INIT disabled"
              + " the RBE's browsers request Home pages forever without leaving INIT"));
        }
      }
    }
    seconds(problems, "-RU", o.rampUpSeconds());
    seconds(problems, "-MI", o.measureSeconds());
    seconds(problems, "-RD", o.rampDownSeconds());
    if (!(o.thinkScale() > 0) || Double.isInfinite(o.thinkScale())) {
      problems.add(new Problem("-TT", Double.toString(o.thinkScale()),
          "a think-time factor > 0 (finite)"));
    }
    if (!(o.slow() > 0) || Double.isInfinite(o.slow())) {
      problems.add(new Problem("-SLOW", Double.toString(o.slow()), "a slow-down factor > 0 (finite)"));
    } else {
      long total = o.rampUpSeconds() + o.measureSeconds() + o.rampDownSeconds();
      if (total > 0 && o.slow() * total * 1e9 > Long.MAX_VALUE / 2.0) {
        problems.add(new Problem("-SLOW", Double.toString(o.slow()),
            "a factor that keeps (RU + MI + RD) x SLOW within 146 years"));
      }
    }
    if (o.customers() < 1 || o.customers() > MAX_CUSTOMERS) {
      problems.add(new Problem("-CUST", Integer.toString(o.customers()),
          "a number of customers 1..655,359,999 (RBE.stdCIDA)"));
    }
    if (TpcwRequestConfig.itemA(o.items()) < 0) {
      problems.add(new Problem("-ITEM", Integer.toString(o.items()),
          "one of 1000, 10000, 100000, 1000000, 10000000 (RBE.stdNumItemA)"));
    }
    if (o.maxErrors() < 0) {
      problems.add(new Problem("-MAXERROR", Integer.toString(o.maxErrors()),
          "a number of errors >= 0 (0: no limit)"));
    }
    if (o.imageConnections() < 1) {
      problems.add(new Problem("-CON", Integer.toString(o.imageConnections()),
          "a number of images read at once >= 1"));
    }
    String prefix = o.prefix();
    if (prefix == null || !prefix.startsWith("/") || !prefix.endsWith("/")) {
      problems.add(new Problem("-WWW", String.valueOf(prefix),
          "a path starting and ending in '/' (the RBE appends TPCW_<servlet> to -WWW), e.g. /tpcw/"));
    } else if (prefix.contains("?") || prefix.contains("#") || prefix.contains(";")
        || prefix.chars().anyMatch(c -> c <= ' ' || c >= 127)) {
      problems.add(new Problem("-WWW", prefix,
          "a plain path without '?', '#', ';', spaces or control characters"));
    }
    if (!problems.isEmpty()) {
      throw new SpecException(problems);
    }
    return o;
  }

  private static void seconds(List<Problem> problems, String option, long seconds) {
    if (seconds < 0) {
      problems.add(new Problem(option, Long.toString(seconds), "a number of seconds >= 0"));
    }
  }

  /** RBE.slow on the phase in ms ({@code (long) (SLOW * ms + 0.5)}, EBStats), in nanoseconds. */
  static long nanos(long seconds, double slow) {
    return (long) (slow * (seconds * 1000L) + 0.5) * 1_000_000L;
  }

  private static List<String> notes(Options o, TpcwScriptFactory factory) {
    List<String> notes = new ArrayList<>();
    notes.add("-EB " + o.mix().factory() + " " + o.browsers()
        + (o.stateMask() == null ? "" : " " + o.stateMask()) + ": " + o.mix().label()
        + " mix, stationary browse/order " + String.format(Locale.ROOT, "%.2f/%.2f",
        100 * factory.mix().browseShare(), 100 * (1 - factory.mix().browseShare())) + " %");
    notes.add("kept: think times as the RBE computes them: SLOW x floor(-7000 ln r) rounded, then"
        + " x TT truncated to ms, 70 s x SLOW x TT when r < 4.54e-5; each browser's first think"
        + " 100..20,099 ms x TT (no SLOW), sent before its first Home");
    notes.add("kept: user sessions last until the first Home transition after the USMD (SLOW x"
        + " floor(-900000 ln r) ms, 60 min x SLOW when r < 0.0183156); that Home is not sent and"
        + " its think time, slept by the RBE, is added before the browser's next session's Home");
    notes.add("kept: the RBE's URLs, pre-encoded random strings, NURand without C, BIRTHDATE and"
        + " CC_EXPIRY as day%2fweekday%2fyear (its bug), the refresh's qty= and BUYR's STREET_1"
        + " (the reference servlets read QTY_i and STREET1)");
    notes.add("kept: a page answered with status 0 or >= 400, or cut short, is an error and is"
        + " re-sent at once, as often as it takes");
    notes.add("changed: errors are counted, not fatal; the outcomes say where -MAXERROR "
        + o.maxErrors() + " would have ended the RBE's run");
    notes.add("changed: where the RBE's EB thread dies (a malformed number) or hangs (an <IMG"
        + " without SRC=\"), the session ends or the scan stops, the browser goes on, and the"
        + " outcomes count it; the 100,000-interaction limit of the RBE's statistics is reported,"
        + " not applied; the RBE's 1,000,000 transitions per browser are not applied");
    notes.add("changed: images are requested in the RBE's opening order as one burst after their"
        + " page (-CON " + o.imageConnections() + "); an image that fails is counted, not retried"
        + " (the RBE sleeps 5 s and retries forever); their bodies are not read");
    notes.add("changed: each session draws from its own seeded stream (the RBE: one unseeded"
        + " java.util.Random per browser), and birth and expiry dates count from the start of "
        + java.time.Instant.ofEpochMilli(factory.requestConfig().datesEpochMillis())
        .atZone(factory.requestConfig().zone()).toLocalDate() + " (the RBE reads the clock)");
    if ((long) o.customers() != 2880L * o.browsers()) {
      notes.add("-CUST " + o.customers() + " is not 2880 x " + o.browsers() + " browsers = "
          + 2880L * o.browsers() + " (TPC-W's population, TPCW_Populate.java:84); the RBE does not"
          + " check it either");
    }
    return notes;
  }
}
