package io.crosscheck.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rundir.Findings.Population;
import io.crosscheck.rundir.Findings.PopulationSource;
import io.crosscheck.rundir.Findings.PopulationVerdict;
import io.crosscheck.rundir.PopulationKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The population sentence never contradicts its own figures. */
class PopulationSentencesTest {
  @Test
  void customersRegisteredDuringTheRunAreNamedWhenTheHighestIdIsAboveThePopulation() {
    // TPC-W customers: the bookstore registers new ones, so ids above its 1,000 are served, not beyond
    Population registered = new Population(PopulationKind.TPCW_CUSTOMERS, PopulationVerdict.WITHIN, 50, 0, 1_000L, 0,
        1_012, null, PopulationSource.RECORDS, 50, 0);
    String s = PopulationSentences.of(List.of(registered)).get(0);
    assertTrue(s.contains("within the bookstore's 1,000 customers or registered during the run (highest"), s);
    Population within = new Population(PopulationKind.TPCW_CUSTOMERS, PopulationVerdict.WITHIN, 50, 0, 1_000L, 0,
        999, null, PopulationSource.RECORDS, 50, 0);
    String plain = PopulationSentences.of(List.of(within)).get(0);
    assertFalse(plain.contains("registered"), plain);
  }
}
