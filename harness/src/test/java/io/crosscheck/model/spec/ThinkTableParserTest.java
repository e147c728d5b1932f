package io.crosscheck.model.spec;

import static io.crosscheck.model.spec.SpecAssertions.onlyProblem;
import static io.crosscheck.model.spec.SpecAssertions.problems;
import static io.crosscheck.model.spec.SpecAssertions.resource;
import static io.crosscheck.model.spec.SpecAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.ThinkTime;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThinkTableParserTest {
  @TempDir Path dir;

  private static WorkloadSpec table(String path) {
    WorkloadSpec s = new WorkloadSpec();
    s.think = "table:" + path;
    return s;
  }

  @Test
  void readsPathsAndDurationsWithNoneFallback() throws SpecException {
    String path = resource("/think/table.txt");
    assertEquals(
        ThinkTime.PerState.of(
            Map.of("/index.html", 2_000_000_000L, "/search", 500_000_000L, "/about.html", 0L),
            new ThinkTime.None(), path),
        table(path).build().thinkTime());
  }

  @Test
  void badLineNamesFileAndLine() throws Exception {
    String path = write(dir, "think.txt", "/a 1s", "", "/b 2 s", "/c soon", "d 1s", "/a 2s", "/e?x=1 1s");
    List<String> messages = problems(table(path)).stream().map(Problem::message).toList();
    assertEquals(List.of(
        path + ":3: \"/b 2 s\": expected PATH DURATION, e.g. /index.html 2s",
        path + ":4: \"soon\": expected a duration >= 0 with a unit, e.g. 500ms",
        path + ":5: \"d\": expected a path starting with '/'",
        path + ":6: \"/a\": expected each path once (it is already in the table)",
        path + ":7: \"/e?x=1\": expected a path without a query string"), messages);
  }

  @Test
  void emptyTableIsAProblem() throws Exception {
    String path = write(dir, "empty.txt", "# nothing");
    onlyProblem(table(path), "--think: \"table:" + path + "\": expected a think table with at least one PATH DURATION line");
  }
}
