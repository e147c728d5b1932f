package io.crosscheck.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.crosscheck.model.spec.Problem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bookstore's size and the RBE arguments printed for it: the number given, else TPC-W's rule
 * of 2880 customers per browser, else the RBE's defaults; every bad value listed with its option.
 */
class TpcwPopulationTest {
  @Test
  void browsersFollowTpcwsRuleAndTheRbeArgumentsSayExactlyThat() {
    List<Problem> problems = new ArrayList<>();
    TpcwPopulation ten = TpcwPopulation.resolve(null, null, 10, problems);
    assertEquals(List.of(), problems);
    assertEquals(28_800, ten.customers());
    assertEquals(10_000, ten.items());
    assertEquals("-CUST 28800 -ITEM 10000", ten.rbeArguments());
    assertEquals("TPC-W's population rule: 2880 x 10 browsers", ten.basisText());

    TpcwPopulation none = TpcwPopulation.resolve(null, null, null, problems);
    assertEquals("-CUST 1000 -ITEM 10000", none.rbeArguments());
    assertEquals(TpcwPopulation.Basis.RBE_DEFAULT, none.basis());

    TpcwPopulation given = TpcwPopulation.resolve(5000, 100_000, null, problems);
    assertEquals("-CUST 5000 -ITEM 100000", given.rbeArguments());
    assertEquals(TpcwPopulation.Basis.GIVEN, given.basis());
    assertEquals(List.of(), problems);

    // the largest the RBE takes: 655,359,999 customers, i.e. 227,555 browsers
    assertEquals(2880 * 227_555, TpcwPopulation.resolve(null, 10_000_000, 227_555, problems).customers());
    assertEquals(List.of(), problems);
  }

  @Test
  void everyBadValueIsListedWithItsOption() {
    List<Problem> problems = new ArrayList<>();
    assertNull(TpcwPopulation.resolve(0, 5000, 3, problems));
    assertEquals(List.of("--browsers", "--customers", "--items"), problems.stream().map(Problem::where).toList());
    assertEquals("--items: \"5000\": expected one of 1000, 10000, 100000, 1000000, 10000000 (the RBE refuses any other"
        + " -ITEM)", problems.get(2).message());

    problems.clear();
    assertNull(TpcwPopulation.resolve(655_360_000, null, null, problems));
    assertNull(TpcwPopulation.resolve(null, null, 227_556, problems));
    assertEquals(List.of("--customers", "--browsers"), problems.stream().map(Problem::where).toList());
  }
}
