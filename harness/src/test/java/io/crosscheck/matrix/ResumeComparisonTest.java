package io.crosscheck.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.rundir.MatrixJson;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a resume compares workloads: the child's arguments as options, a study's dimensions by their common entries. */
class ResumeComparisonTest {
  @TempDir Path tmp;

  @Test
  void argumentsCompareAsOptionsAndAStudysDimensionsAsTheirCommonEntries() {
    assertEquals(MatrixResume.options(List.of("run", "--duration", "1s", "--seed=3", "--rubis")),
        MatrixResume.options(List.of("run", "--rubis", "--seed", "3", "--duration=1s")));
    Map<String, String> both = new LinkedHashMap<>();
    both.put("per-session", "--policy per-session");
    both.put("shared-cache", "--policy shared-cache");
    MatrixJson.Workload before = MatrixJson.Workload.builder().study("flash-crowd").policies(both).build();
    MatrixResume.Earlier found = new MatrixResume.Earlier(before, 1L, List.of());
    MatrixJson.Workload subset = MatrixJson.Workload.builder().study("flash-crowd")
        .policies(Map.of("per-session", "--policy per-session")).build();
    assertEquals(List.of(), MatrixResume.problems(tmp, found, subset), "a subset of the policies resumes");
    MatrixJson.Workload other = MatrixJson.Workload.builder().study("flash-crowd")
        .policies(Map.of("per-session", "--policy per-session --max-idle 3")).build();
    List<Problem> problems = MatrixResume.problems(tmp, found, other);
    assertEquals("workload policies.per-session: \"--policy per-session --max-idle 3\": expected --policy"
        + " per-session, as the 0 cell(s) in " + tmp + " were run", problems.get(0).message());
  }

  @Test
  void anotherSeedOrAKeyGivenOnlyOnceIsAnotherWorkload() {
    MatrixJson.Workload before = MatrixJson.Workload.builder().engine("netty").seed(1).target("t")
        .childArguments(List.of("run", "--duration", "1s")).build();
    MatrixResume.Earlier found = new MatrixResume.Earlier(before, 1L, List.of());
    MatrixJson.Workload now = MatrixJson.Workload.builder().engine("netty").seed(2).study("wan")
        .childArguments(List.of("run", "--duration", "1s")).build();
    List<String> messages = MatrixResume.problems(tmp, found, now).stream().map(Problem::message).toList();
    assertEquals(4, messages.size(), messages.toString()); // study, seed, target, then what it means
    assertEquals("workload study: \"wan\": expected (not given), as the 0 cell(s) in " + tmp + " were run",
        messages.get(0));
    assertEquals("workload seed: \"2\": expected 1, as the 0 cell(s) in " + tmp + " were run", messages.get(1));
    assertEquals("workload target: \"(not given)\": expected t, as the 0 cell(s) in " + tmp + " were run",
        messages.get(2));
  }
}
