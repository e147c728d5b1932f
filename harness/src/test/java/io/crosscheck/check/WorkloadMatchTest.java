package io.crosscheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload a run and its baseline are compared on, read from run.json files of today's format
 * (the report's fixture: a real audit's run.json), leaf by leaf.
 */
class WorkloadMatchTest {
  @TempDir Path tmp;

  private RunJson edited(String name, Consumer<ObjectNode> edit) throws Exception {
    Path fixture = Path.of(WorkloadMatchTest.class.getResource("/io/crosscheck/report/html/run-fixture/run.json")
        .toURI());
    ObjectNode tree = (ObjectNode) JsonFiles.mapper().readTree(fixture.toFile());
    edit.accept(tree);
    Path dir = Files.createDirectories(tmp.resolve(name));
    JsonFiles.writeAtomically(dir.resolve(RunFiles.RUN_JSON), tree);
    return RunFiles.readRun(dir);
  }

  private static CheckedRun checked(RunJson run) {
    return new CheckedRun(Path.of("x"), null, Optional.empty(), null, run, null);
  }

  @Test
  void theSameWorkElsewhereMatchesAndEachDifferenceIsOneLineInRunJsonOrder() throws Exception {
    RunJson run = edited("run", t -> { });
    RunJson moved = edited("moved", t -> ((ObjectNode) t.get("workload")).put("targetPort", 9999)
        .put("target", "http://127.0.0.1:9999"));
    assertEquals(List.of(), WorkloadMatch.differences(checked(run), checked(moved)));
    RunJson other = edited("other", t -> {
      ((ObjectNode) t.get("engine")).put("name", "legacy");
      ((ObjectNode) t.get("workload").get("arrival")).put("users", 16);
    });
    assertEquals(List.of("workload.arrival.users: 8, the baseline's 16", "engine.name: netty, the baseline's legacy"),
        WorkloadMatch.differences(checked(run), checked(other)));
  }

  @Test
  void aMemberOnlyOneSideHasIsNamedWhereTheOtherHasNone() throws Exception {
    RunJson run = edited("run", t -> { });
    RunJson noEngine = edited("no-engine", t -> t.remove("engine"));
    List<String> d = WorkloadMatch.differences(checked(noEngine), checked(run));
    assertEquals(List.of("engine.name: none, the baseline's netty", "engine.policy: none, the baseline's "
        + run.engine().policy(), "engine.connectionsK: none, the baseline's " + run.engine().connectionsK()), d);
  }

  @Test
  void aRunWithoutRunJsonCannotBeCompared() {
    CheckedRun none = new CheckedRun(Path.of("x"), null, Optional.empty(), null, null, "run.json is missing");
    assertEquals(List.of("the workloads cannot be compared: the run's run.json is missing"),
        WorkloadMatch.differences(none, none));
  }
}
