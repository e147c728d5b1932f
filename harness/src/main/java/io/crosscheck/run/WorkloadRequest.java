package io.crosscheck.run;

import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The workload options of a command that generates load, as given (text, checked when the workload is
 * built: every problem at once), with the options given on the command line: {@link #build} turns
 * them into the checked {@link Workload} of a generic, {@code --rubis}, {@code --tpcw} or {@code
 * --replay} run. Each component is the option of the same name ({@code crosscheck run --help}).
 *
 * @param given every option given on the command line (each of its names) with its value as text
 * @param workloadOptions the long names of the workload options, in their order ({@code --target} first)
 */
public record WorkloadRequest(
    String target,
    String arrival,
    String users,
    String sessionsPerUser,
    String rate,
    String process,
    String interarrival,
    String rateSchedule,
    String think,
    String sessionLength,
    String urls,
    String urlFile,
    String urlOrder,
    String wsesslog,
    String rubis,
    Path rubisTable,
    double thinkScale,
    String tpcw,
    List<String> tpcwEb,
    Long tpcwRu,
    Long tpcwMi,
    Long tpcwRd,
    Double tpcwTt,
    Double tpcwSlow,
    Integer tpcwCust,
    Integer tpcwItem,
    String tpcwGetim,
    Integer tpcwMaxError,
    Integer tpcwCon,
    String replay,
    String rampUp,
    String duration,
    String rampDown,
    String seed,
    Map<String, String> given,
    List<String> workloadOptions) {
  public WorkloadRequest {
    given = Map.copyOf(given);
    workloadOptions = List.copyOf(workloadOptions);
  }

  /** Whether {@code option} (any of its names) was given on the command line. */
  public boolean given(String option) {
    return given.containsKey(option);
  }

  /** The value {@code option} was given, as text ({@code "null"} for a flag's absent value). */
  public String givenValue(String option) {
    return given.get(option);
  }

  /** The options of a site's workload given without the site ({@code --rubis}, {@code --tpcw}), added to {@code problems}. */
  public void checkSiteOptions(List<Problem> problems) {
    if (rubis == null && tpcw == null) {
      for (String rubisOnly : List.of("--think-scale", "--rubis-table")) {
        if (given(rubisOnly)) {
          problems.add(new Problem(rubisOnly, givenValue(rubisOnly),
              "--rubis [PROPERTIES] as well (it applies to the RUBiS workload only)"));
        }
      }
    }
    if (tpcw == null) {
      for (String tpcwOnly : TpcwWorkloads.TPCW_ONLY) {
        if (given(tpcwOnly)) {
          problems.add(new Problem(tpcwOnly, givenValue(tpcwOnly),
              "--tpcw MIX as well (it is an option of the TPC-W RBE)"));
        }
      }
    }
  }

  /**
   * The checked workload ({@code --replay}, {@code --tpcw}, {@code --rubis} or the generic one), or
   * null after adding every problem to {@code problems}; the generic workload's problems go first.
   */
  public Workload build(List<Problem> problems) {
    if (replay != null) {
      return ReplayWorkload.build(this, problems);
    } else if (tpcw != null) {
      return TpcwWorkloads.build(this, problems);
    } else if (rubis != null) {
      return RubisWorkloads.build(this, problems);
    }
    try {
      return toSpec().build();
    } catch (SpecException e) {
      problems.addAll(0, e.problems());
      return null;
    }
  }

  /** The embedded server a run behind {@code --wan} starts for this workload. */
  public WanRun.Served served() {
    return new WanRun.Served(rubis != null, tpcw != null, tpcwCust, tpcwItem);
  }

  /** The generic workload's options as the model's text spec. */
  public WorkloadSpec toSpec() {
    WorkloadSpec s = new WorkloadSpec();
    s.target = target;
    s.arrival = arrival;
    s.users = users;
    s.sessionsPerUser = sessionsPerUser;
    s.rate = rate;
    s.process = process;
    s.interarrival = interarrival;
    s.rateSchedule = rateSchedule;
    s.think = think;
    s.sessionLength = sessionLength;
    s.urls = urls;
    s.urlFile = urlFile;
    s.urlOrder = urlOrder;
    s.wsesslog = wsesslog;
    s.rampUp = rampUp;
    s.duration = duration;
    s.rampDown = rampDown;
    s.seed = seed;
    return s;
  }
}
