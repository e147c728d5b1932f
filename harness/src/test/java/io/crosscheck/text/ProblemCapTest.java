package io.crosscheck.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ProblemCapTest {
  @Test
  void aFileListsTheFirstProblemsAndCountsTheRest() {
    List<String> out = new ArrayList<>();
    ProblemCap<String> cap = new ProblemCap<>(out, text -> "f.txt: " + text);
    IntStream.rangeClosed(1, 25).forEach(i -> cap.add("f.txt:" + i));
    cap.finish();
    assertEquals(25, cap.count());
    assertEquals(21, out.size());
    assertEquals("f.txt:20", out.get(19));
    assertEquals("f.txt: ... and 5 more problems in this file (the first 20 are listed; fix them and"
        + " run again)", out.get(20));
  }

  @Test
  void nothingIsAddedWhenEveryProblemIsListed() {
    List<String> out = new ArrayList<>();
    ProblemCap<String> cap = new ProblemCap<>(out, text -> text);
    IntStream.rangeClosed(1, 20).forEach(i -> cap.add("p" + i));
    cap.finish();
    assertEquals(20, out.size());
  }

  @Test
  void aMessageJoinsTheFirstProblemsThenCountsTheRest() {
    List<Integer> problems = IntStream.rangeClosed(1, 2_200_000).boxed().toList();
    String message = ProblemCap.joined(problems, i -> "p" + i);
    assertEquals(21, message.lines().count());
    assertEquals("... and 2,199,980 more problems", message.lines().reduce((a, b) -> b).orElseThrow());
    assertEquals("p1\np2", ProblemCap.joined(List.of(1, 2), i -> "p" + i));
  }
}
