package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * {@code expected.json}: the workload a generator claims, for a run whose run.json cannot say it (an
 * agent's audit of someone else's generator, a capture compared on its own) or to judge a run against
 * another declaration. Written by {@code audit --expect-*} / {@code --tpcw} / {@code --rubis} before
 * the generator starts and by {@code compare --expect-*}; read by the comparison, which judges the
 * workload the wire shows against it (findings.json {@code workload}). Every member is optional.
 *
 * @param formatVersion {@link #FORMAT_VERSION}
 * @param think the think time between a reply's last byte and the same user's next request
 * @param arrival the arrival process: request arrivals of the whole generator (an open generator)
 * @param sessionLength requests per session
 * @param mix the page mix: each page state's long-run share of the pages, from a transition table
 * @param thinkTable the think time before each page state's page, per phase (RUBiS's table and slowdown)
 * @param declaredBy the options the expectation came from, as given ({@code --expect-think exp:2s})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExpectedJson(int formatVersion, WorkloadSection.ThinkSection think, ArrivalExpectation arrival,
    WorkloadSection.LengthSection sessionLength, MixExpectation mix, ThinkTableExpectation thinkTable,
    List<String> declaredBy) {
  public static final int FORMAT_VERSION = 1;
  public static final String FILE = "expected.json";

  public ExpectedJson {
    declaredBy = declaredBy == null ? List.of() : List.copyOf(declaredBy);
  }

  /**
   * Arrivals of requests at the whole generator.
   *
   * @param process {@code poisson} (exponential gaps) or {@code deterministic} (a fixed gap)
   * @param ratePerSecond arrivals per second
   */
  public record ArrivalExpectation(String process, double ratePerSecond) {}

  /**
   * A page mix.
   *
   * @param site {@code tpcw} or {@code rubis}: whose page states the requests are classified into
   * @param description which table (mix, properties file)
   * @param shares each page state's long-run share of the pages, summing to 1
   */
  public record MixExpectation(String site, String description, Map<String, Double> shares) {
    public MixExpectation {
      shares = Map.copyOf(shares);
    }
  }

  /**
   * Think times per page state and phase.
   *
   * @param site whose page states (as a {@code PageStates} classifier names them)
   * @param description which table and factors
   * @param nanosByState the think time before a page of each state in the measured phase; the key
   *     {@code (any page)} a think time that may come before a page of any state (RUBiS's Back)
   * @param factorByPhase each phase's multiplier ({@code RAMP_UP}, {@code MEASURE}, {@code RAMP_DOWN})
   */
  public record ThinkTableExpectation(String site, String description, Map<String, Long> nanosByState,
      Map<String, Integer> factorByPhase) {
    public ThinkTableExpectation {
      nanosByState = Map.copyOf(nanosByState);
      factorByPhase = Map.copyOf(factorByPhase);
    }
  }

  /** This expectation with {@code other}'s members where it has them (the later declaration wins). */
  public ExpectedJson overriddenBy(ExpectedJson other) {
    if (other == null) {
      return this;
    }
    List<String> by = new java.util.ArrayList<>(declaredBy);
    by.addAll(other.declaredBy);
    return new ExpectedJson(FORMAT_VERSION, other.think != null ? other.think : think,
        other.arrival != null ? other.arrival : arrival,
        other.sessionLength != null ? other.sessionLength : sessionLength, other.mix != null ? other.mix : mix,
        other.thinkTable != null ? other.thinkTable : thinkTable, by);
  }
}
