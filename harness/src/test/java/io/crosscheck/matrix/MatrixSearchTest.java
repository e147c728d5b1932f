package io.crosscheck.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.MatrixCell;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/** The search's step rule (doubling, then bisection, within the step cap). */
class MatrixSearchTest {
  /** Runs a search against {@code holds} and returns the levels it tried. */
  private static List<Integer> walk(MatrixSearch s, IntPredicate holds) {
    List<Integer> tried = new ArrayList<>();
    for (int u = s.next(); u > 0; u = s.next()) {
      tried.add(u);
      s.record(u, holds.test(u) ? null : "too much error");
    }
    return tried;
  }

  @Test
  void doublesUntilAFailureThenBisectsToWithinAnEighth() {
    MatrixSearch s = new MatrixSearch(10, 640, 20, 1000, 2);
    assertEquals(List.of(10, 20, 40, 80, 60, 50, 55), walk(s, u -> u <= 52));
    assertEquals(50, s.largestHeld());
    assertEquals(55, s.smallestFailed());
    assertTrue(s.reason().startsWith("at 55 users: too much error; bisected to within 5 users"), s.reason());
  }

  @Test
  void stopsAtMaxUsersAtTheStepCapAndAtAFirstFailure() {
    MatrixSearch max = new MatrixSearch(10, 30, 8, 1000, 2);
    assertEquals(List.of(10, 20, 30), walk(max, u -> true));
    assertEquals("no level failed: held up to --max-users 30", max.reason());
    MatrixSearch cap = new MatrixSearch(10, 640, 3, 1000, 2);
    assertEquals(List.of(10, 20, 40), walk(cap, u -> u < 40));
    assertTrue(cap.reason().endsWith("step cap of 3 reached"), cap.reason());
    MatrixSearch first = new MatrixSearch(10, 640, 8, 1000, 2);
    assertEquals(List.of(10), walk(first, u -> false));
    assertNull(first.largestHeld());
    assertTrue(first.reason().endsWith("failed at the first level"), first.reason());
  }

  @Test
  void aCellFailsOnItsErrorItsLimitsAndItsCpu() {
    MatrixSearch s = new MatrixSearch(10, 640, 8, 1000, 2);
    assertNull(s.failure(cell("completed", -900.0, 1.0, null, null)));
    assertTrue(s.failure(cell("completed", 1000.5, 1.0, null, null)).startsWith("absolute error 1000.5 us > bound"));
    assertTrue(s.failure(cell("completed", 10.0, 1.85, null, null)).startsWith("generator CPU saturated"));
    assertTrue(s.failure(cell("completed", 10.0, 1.0, true, null)).startsWith("generator CPU saturated (findings"
        + " clientHost"));
    assertNull(s.failure(cell("completed", 10.0, 1.95, false, null)), "clientHost's CPU verdict wins over the mean");
    assertTrue(s.failure(cell("completed", 10.0, 1.0, null, "generator limit: heap: OutOfMemoryError in child.out"))
        .startsWith("generator limit"));
    assertTrue(s.failure(cell("below-floor", 10.0, 1.0, null, null)).startsWith("the cell below-floor"));
  }

  /** A cell whose clientHost judged its CPU {@code cpuSaturated} (null: not judged); judged bottleneck either way. */
  private static MatrixCell cell(String status, Double absErr, Double cpu, Boolean cpuSaturated, String reason) {
    return new MatrixCell("jdk17-default-u10", "17", "/jdk", "default", List.of(), 10, status, "jdk17-default-u10",
        100.0, absErr, 1.1, 1.0, 1.0, cpu, cpu, 1L, 1L, 1L, 1L, 1L, Findings.VerdictKind.SHARING, true, cpuSaturated == null ? null : true,
        cpuSaturated, 1, reason, null, null, null, null);
  }
}
