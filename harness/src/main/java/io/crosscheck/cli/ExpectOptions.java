package io.crosscheck.cli;

import io.crosscheck.model.DeclaredMix;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.spec.ExpectationParser;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.rundir.ExpectedJson;
import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.spi.TpcwSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code --expect-think} and {@code --expect-arrival}: the workload a user says a generator sends,
 * judged against what the wire shows (findings.json {@code workload}), for a generator whose own
 * run.json cannot say it: an agent's audit, a capture alone.
 */
final class ExpectOptions {
  @Option(names = ExpectationParser.THINK, paramLabel = "DIST", description = "The think time the generator"
      + " claims between a reply's last byte and the same user's next request: exp:MEAN, uniform:MIN-MAX or"
      + " fixed:D, as --think. The wire's think times are tested against it (Kolmogorov-Smirnov).")
  String think;

  @Option(names = ExpectationParser.ARRIVAL, paramLabel = "PROCESS:RATE", description = "The request arrivals the"
      + " generator claims, the whole generator's: poisson:RATE or deterministic:RATE per second (poisson:100/s)."
      + " The wire's rate and gaps are tested against it, and a generator so declared open that waits for its"
      + " replies is named (coordinated omission).")
  String arrival;

  @Option(names = "--expect-mix", paramLabel = "SITE:MIX", description = "The page mix the generator claims, a"
      + " benchmark's transition table: tpcw:browsing, tpcw:shopping or tpcw:ordering (the TPC-W RBE's). The"
      + " wire's pages are tested against the table's long-run shares (chi-square).")
  String mix;

  /**
   * The declarations given, merged with the page mix of {@code --tpcw MIX} when not null (an agent's
   * audit of a TPC-W browser emulator); null when none was given. Problems are added, never thrown.
   */
  ExpectedJson expected(String tpcwMix, List<Problem> problems) {
    WorkloadSection.ThinkSection thinkSection = null;
    ExpectedJson.ArrivalExpectation arrivalExpectation = null;
    ExpectedJson.MixExpectation declaredMix = null;
    List<String> by = new ArrayList<>();
    if (think != null) {
      ThinkTime t = ExpectationParser.think(think, problems);
      if (t != null) {
        thinkSection = WorkloadSection.think(t);
        by.add(ExpectationParser.THINK + " " + think);
      }
    }
    if (arrival != null) {
      ExpectationParser.Arrival a = ExpectationParser.arrival(arrival, problems);
      if (a != null) {
        arrivalExpectation = new ExpectedJson.ArrivalExpectation(a.process(), a.ratePerSecond());
        by.add(ExpectationParser.ARRIVAL + " " + arrival);
      }
    }
    if (tpcwMix != null) {
      declaredMix = tpcwMix("--tpcw", tpcwMix, problems);
      if (declaredMix != null) {
        by.add("--tpcw " + tpcwMix);
      }
    }
    if (mix != null) {
      if (!mix.startsWith("tpcw:")) {
        problems.add(new Problem("--expect-mix", mix, "tpcw:browsing, tpcw:shopping or tpcw:ordering"));
      } else {
        declaredMix = tpcwMix("--expect-mix", mix.substring("tpcw:".length()), problems);
        if (declaredMix != null) {
          by.add("--expect-mix " + mix);
        }
      }
    }
    if (thinkSection == null && arrivalExpectation == null && declaredMix == null) {
      return null;
    }
    return new ExpectedJson(ExpectedJson.FORMAT_VERSION, thinkSection, arrivalExpectation, null, declaredMix, null,
        by);
  }

  private static ExpectedJson.MixExpectation tpcwMix(String option, String text, List<Problem> problems) {
    TpcwSupport.Mix mix;
    try {
      mix = TpcwSupport.Mix.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      problems.add(new Problem(option, text, "browsing, shopping or ordering"));
      return null;
    }
    TpcwSupport support = TpcwSupport.find().orElse(null);
    if (support == null) {
      problems.add(new Problem(option, text, "the rubis-compat module on the classpath (run ./crosscheck)"));
      return null;
    }
    try {
      SessionSource.Scripted source = support.workload(TpcwSupport.Options.defaults(mix, 1)).source();
      DeclaredMix declared = source.factory().declaredMix();
      return declared == null ? null
          : new ExpectedJson.MixExpectation(declared.site(), declared.description(), declared.shares());
    } catch (io.crosscheck.model.spec.SpecException e) {
      problems.add(new Problem(option, text, e.getMessage()));
      return null;
    }
  }
}
